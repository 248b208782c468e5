export { rewardsPlugin } from './rewards.plugin';
export { createRewardsService, type RewardsService } from './rewards.service';
export { rewardValueProblem } from './reward-rules';
