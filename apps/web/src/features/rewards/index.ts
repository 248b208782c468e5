export { rewardsKey, rewardsQuery, walletQuery, useClaimReward, WALLET_PAGE_SIZE } from './rewards-api';
export { CheckInCard, WelcomeCard } from './reward-cards';
export { WalletLineRow, WalletLineSkeleton } from './wallet-line';
