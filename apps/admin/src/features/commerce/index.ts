export { type OrderFilter, plansQuery, useCommerceMutations, useOrder, useOrders, usePlans } from './api';
export { SOURCE_NAMES } from './sources';
