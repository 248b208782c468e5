export {
  type OrderFilter,
  plansQuery,
  useCommerceMutations,
  useOrder,
  useOrders,
  usePlans,
  useRefreshOrder,
  useRefundPreview,
} from './api';
export { SOURCE_NAMES } from './sources';
