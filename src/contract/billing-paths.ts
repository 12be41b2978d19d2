// The billing routes, apart from the structs so that the /app page's start script can name them.
export const BILLING_PATH = '/billing/'
export const PLAN_PATH = '/billing/plan'
export const PAYMENT_METHOD_PATH = '/billing/payment-method'
export const INVOICES_PATH = '/billing/invoices/'
export const invoicePath = (id: string) => `${INVOICES_PATH}${encodeURIComponent(id)}`
