/** A rating is out of 5. */
export const RATING_MAX = 5

/** The pictures a product's thumbnail draws (src/demo/shop/thumbnail.tsx). */
export type ThumbnailKind = 'gateway' | 'sensor' | 'camera' | 'antenna' | 'router' | 'tracker'

/** A shop product, `ratting` spelt as the template spells it. */
export interface Product {
  id: string
  name: string
  thumbnail: ThumbnailKind
  /** What it costs now, in dollars. */
  price: number
  /** What it cost before a discount, in dollars; none without one. */
  prevPrice?: number
  /** The discount in percent off `prevPrice`; none without one. */
  discount?: number
  soldout: boolean
  /** Whole stars, 0 to `RATING_MAX`. */
  ratting: number
  desc: string
}

/** The demo shop's made-up hardware for edge sites. */
export const PRODUCTS: readonly Product[] = [
  { id: 'p1', name: 'EdgeBox 300 Gateway', thumbnail: 'gateway', price: 269.1, prevPrice: 299, discount: 10, soldout: false, ratting: 5, desc: 'Four-port industrial gateway with LTE failover, a fanless case and remote updates from the console.' },
  { id: 'p2', name: 'EdgeBox Mini Gateway', thumbnail: 'gateway', price: 149.99, soldout: false, ratting: 4, desc: 'A palm-sized gateway for kiosks and shop floors: two ports, Wi-Fi and a DIN-rail clip.' },
  { id: 'p3', name: 'Climate Sensor T2', thumbnail: 'sensor', price: 39.92, prevPrice: 49.9, discount: 20, soldout: false, ratting: 4, desc: 'Temperature and humidity every minute, on one battery for three years.' },
  { id: 'p4', name: 'Door Contact Sensor', thumbnail: 'sensor', price: 19.95, soldout: true, ratting: 3, desc: 'Knows when a cabinet or a gate opens, and tells the nearest gateway within a second.' },
  { id: 'p5', name: 'Dome Camera 4K', thumbnail: 'camera', price: 330.65, prevPrice: 389, discount: 15, soldout: false, ratting: 5, desc: 'Vandal-proof dome with 4K video, on-device person detection and power over Ethernet.' },
  { id: 'p6', name: 'Bullet Camera Night', thumbnail: 'camera', price: 279.5, soldout: true, ratting: 4, desc: 'Infrared up to 40 m for yards and car parks; records to its own card when the uplink drops.' },
  { id: 'p7', name: 'LTE Panel Antenna', thumbnail: 'antenna', price: 89, soldout: false, ratting: 4, desc: 'A directional 7 dBi panel that brings a weak cell within reach of a remote site.' },
  { id: 'p8', name: 'Omni Antenna 5G', thumbnail: 'antenna', price: 96.75, prevPrice: 129, discount: 25, soldout: false, ratting: 5, desc: 'All-round 5G and LTE antenna for mast or roof, with a 5 m low-loss cable.' },
  { id: 'p9', name: 'Vibration Sensor V1', thumbnail: 'sensor', price: 64, soldout: false, ratting: 3, desc: 'Listens to pumps and motors and warns before a bearing wears out.' },
  { id: 'p10', name: 'Rugged Router R5', thumbnail: 'router', price: 459, soldout: false, ratting: 5, desc: 'Dual-SIM router with five ports and a VPN tunnel to the console, rated for -30 to 70 °C.' },
  { id: 'p11', name: 'GPS Asset Tracker', thumbnail: 'tracker', price: 55.99, prevPrice: 79.99, discount: 30, soldout: false, ratting: 4, desc: 'Reports where a trailer or a container is every ten minutes, for a year on one charge.' },
  { id: 'p12', name: 'Branch Router R2', thumbnail: 'router', price: 199, soldout: false, ratting: 4, desc: 'A quiet desktop router for small branches, set up from the console in minutes.' },
]

/** The products whose name holds `query` (trimmed, any case); an empty query gives them all. */
export function searchProducts(products: readonly Product[], query: string): readonly Product[] {
  const wanted = query.trim().toLocaleLowerCase()
  return wanted ? products.filter((product) => product.name.toLocaleLowerCase().includes(wanted)) : products
}
