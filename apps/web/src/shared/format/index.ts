export { formatDate, INVALID_DATE } from './date';
export { padNumber } from './number';
export { formatPrice, toMajorUnits } from './price';
export { copyText } from './clipboard';
