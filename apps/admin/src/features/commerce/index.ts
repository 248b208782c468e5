export {
  type OrderFilter,
  plansQuery,
  useCommerceMutations,
  useOrder,
  useOrders,
  usePlans,
  useRefundPreview,
} from './api';
export { SOURCE_NAMES } from './sources';
