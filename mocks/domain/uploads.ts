// Single-use upload tickets (reference sections 3, 4.3, 5, 8): minted with a purpose, claimed by one upload, then spent.
import { notFound } from './errors.ts';
import { ensureRoom } from './caps.ts';
import { timeIn, type Env, type Workspace, type World, type TicketPurpose, type UploadTicket } from './world.ts';

// The area's state lives with the rest of the world's (world.ts); named here too for the area's callers.
export type { TicketPurpose, UploadTicket };

export const TICKET_INVALID = 'This upload link is invalid or has expired.';

/** Any purpose other than `brief` is a media ticket (reference 4.3). */
export function ticketPurpose(input: unknown): TicketPurpose {
  return input === 'brief' ? 'brief' : 'media';
}

export function mintTicket(world: World, ws: Workspace, purpose: unknown, env: Env): UploadTicket {
  const now = timeIn(env, ws);
  // Expired tickets are dropped as new ones are minted, so the map does not grow without bound. Each is judged by its
  // own workspace's time: a workspace whose clock runs ahead must not expire another's tickets early.
  let open = 0;
  for (const [token, t] of world.uploadTickets) {
    const owner = t.workspaceId === ws.id ? ws : world.workspaces.get(t.workspaceId);
    if (!t.claimed && t.expiresAt <= (owner ? timeIn(env, owner) : now)) world.uploadTickets.delete(token);
    else if (t.workspaceId === ws.id) open++;
  }
  ensureRoom(world.config.caps, 'openTickets', open, 1, 'open upload tickets per workspace');
  const ticket: UploadTicket = {
    token: env.ids.hex(32, ws.id),
    workspaceId: ws.id,
    purpose: ticketPurpose(purpose),
    expiresAt: now + world.config.ticketSeconds * 1000,
    claimed: false,
  };
  world.uploadTickets.set(ticket.token, ticket);
  return ticket;
}

/**
 * Take a ticket for one upload, before any byte is read: unknown, expired, spent, already claimed, of the other
 * purpose, or of a workspace that no longer exists all answer the same 404, so a token reveals nothing.
 */
export function claimTicket(world: World, token: string, purpose: TicketPurpose, env: Env): { ticket: UploadTicket; ws: Workspace } {
  const ticket = world.uploadTickets.get(token);
  const ws = ticket ? world.workspaces.get(ticket.workspaceId) : undefined;
  if (!ticket || !ws || ticket.claimed || ticket.purpose !== purpose || timeIn(env, ws) >= ticket.expiresAt) {
    throw notFound(TICKET_INVALID);
  }
  ticket.claimed = true;
  return { ticket, ws };
}

/** The upload failed: the ticket may be used again while it is valid (field notes). */
export function releaseTicket(world: World, ticket: UploadTicket): void {
  if (world.uploadTickets.get(ticket.token) === ticket) ticket.claimed = false;
}

/** The upload succeeded: the ticket is spent and answers 404 from now on. */
export function spendTicket(world: World, ticket: UploadTicket): void {
  world.uploadTickets.delete(ticket.token);
}
