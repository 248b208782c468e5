export { rewardsPlugin } from './rewards.plugin';
export { createRewardsService, type RewardsService } from './rewards.service';
export { rewardAmounts, rewardValueProblem } from './reward-rules';
