import type { TicketFlow } from '@sales/contract';

/**
 * The ticket of a flow between its two pages, kept in memory only: it is a short-lived secret,
 * so it never goes into the URL or storage. A reload starts the flow again.
 */
const tickets = new Map<TicketFlow, { ticket: string; expiresAt: number }>();

export function keepTicket(flow: TicketFlow, ticket: string, expiresIn: number): void {
  tickets.set(flow, { ticket, expiresAt: Date.now() + expiresIn * 1000 });
}

export function readTicket(flow: TicketFlow): string | null {
  const kept = tickets.get(flow);
  if (!kept || kept.expiresAt <= Date.now()) return null;
  return kept.ticket;
}

export function dropTicket(flow: TicketFlow): void {
  tickets.delete(flow);
}
