import { and, eq, sql } from 'drizzle-orm';
import { type ChoiceChannel, type ChoiceKind, channelChoiceBit, choiceKinds, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import type { ChoicesInput } from './schemas';

const CHANNELS: readonly ChoiceChannel[] = ['email', 'push'];
export type ChannelChoices = Record<ChoiceKind, Record<ChoiceChannel, boolean>>;

/** The choices a `channels_off` bitmask holds: every channel of every kind, on or off. */
export function choicesOf(off: number): ChannelChoices {
  const kind = (k: ChoiceKind) =>
    Object.fromEntries(CHANNELS.map((c) => [c, (off & channelChoiceBit(k, c)) === 0])) as Record<
      ChoiceChannel,
      boolean
    >;
  return Object.fromEntries(choiceKinds.map((k) => [k, kind(k)])) as ChannelChoices;
}

/** The bitmask of the channels turned off in `choices`, and the mask of the kinds they give. */
export function bitsOf(choices: Partial<ChannelChoices>): { off: number; given: number } {
  let off = 0;
  let given = 0;
  for (const k of choiceKinds) {
    const kind = choices[k];
    if (!kind) continue;
    for (const c of CHANNELS) {
      given |= channelChoiceBit(k, c);
      if (!kind[c]) off |= channelChoiceBit(k, c);
    }
  }
  return { off, given };
}

const own = (ctx: TenantContext) => and(eq(users.id, ctx.session.userId), eq(users.schoolId, ctx.schoolId));

/** The caller's own choices of channels per kind of message (the portal's inbox always receives). */
export async function myChoices(ctx: TenantContext): Promise<ChannelChoices> {
  const [row] = await ctx.db.select({ off: users.channelsOff }).from(users).where(own(ctx));
  if (!row) throw notFound('Account');
  return choicesOf(row.off);
}

/**
 * Saves the caller's choices: messages made from now on reach only the channels left on. A kind left out keeps its
 * stored choice.
 */
export async function saveChoices(ctx: TenantContext, choices: ChoicesInput): Promise<ChannelChoices> {
  const { off, given } = bitsOf(choices);
  const [row] = await ctx.db
    .update(users)
    .set({ channelsOff: sql`(${users.channelsOff} & ${~given}) | ${off}` })
    .where(own(ctx))
    .returning({ off: users.channelsOff });
  if (!row) throw notFound('Account');
  return choicesOf(row.off);
}
