// Command (only where control moves the clock): time passes, and what was on the schedule and fell due is published.
import type { PostCommand, PostModel, PostReal } from './model.ts';
import { passTime, SLOT_MS } from './model.ts';

export class PassTime implements PostCommand {
  readonly slots: number;
  constructor(slots: number) {
    this.slots = slots;
  }

  check(): boolean {
    return true;
  }

  async run(m: PostModel, r: PostReal): Promise<void> {
    await r.ctx.control!.advance((this.slots * SLOT_MS) / 1000);
    passTime(m, r, this.slots);
  }

  toString(): string {
    return `state clock.moved {"advanceSeconds":${(this.slots * SLOT_MS) / 1000}}`;
  }
}
