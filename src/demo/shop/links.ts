/** The shop's two pages, absolute (~) since their screens sit inside the /app router. */
export const PRODUCTS_HREF = '~/app/pages/products'
export const CHECKOUT_HREF = '~/app/pages/checkout'
