/** The source of "now"; tests pass a controllable one to createApp. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
