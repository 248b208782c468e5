export { checkoutReturn, firstReportOf, rememberCheckoutReturn } from '../../shared/links/checkout-return';
