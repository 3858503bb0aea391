// How a lead (a contact message or a car inquiry) reaches WordPress, for the pages' forms and the
// /api routes alike. WordPress answers: its answer goes back to the visitor. WordPress refuses (a bad
// field, an unknown car, too many messages from this visitor): its sentence goes back, and the
// visitor can fix and resend. WordPress cannot answer (down, hanging, 5xx, breaker open), or it
// refuses for a reason that is not the visitor's (a flood limit it counted on the site's own
// connection): the lead is written to the durable outbox, the visitor is told it is safe, and it is
// delivered later under the same idempotency key, so it is stored exactly once however many times
// it is tried.
import crypto from 'node:crypto';
import path from 'node:path';
import { env } from '~/lib/server/env.server';
import { visitorContext } from '~/lib/http/visitor.server';
import {
  CIRCUIT_OPEN,
  getWordPress,
  isWordPressOutage,
  LEAD_ANSWER_MS,
  WordPressError,
  type LeadOptions,
} from '../wordpress/client.server';
import type { CarInquiry, ContactMessage, MessageResult, VisitorContext } from '../wordpress/types';
import { isRefusal, outage, wordpressMessage } from '../wordpress/failure.server';
import { Outbox, type DeliveryResult, type OutboxEntry } from './outbox.server';
import { CONTACT_MESSAGES } from '~/forms/contact';
import { INQUIRY_MESSAGES } from '~/forms/inquiry';
import { HONEYPOT_FIELD, SCRIPT_FIELD, scriptProof } from '~/forms/lead-guard';

/** What WordPress itself answers a stored lead; the same words when the outbox took it instead. */
export const LEAD_ACCEPTED = { contact: CONTACT_MESSAGES.success, inquiry: INQUIRY_MESSAGES.sent } as const;

export type Lead = { kind: 'contact'; data: ContactMessage } | { kind: 'inquiry'; data: CarInquiry };

/** A lead as the outbox keeps it: everything needed to send it again exactly as the visitor did. */
export type QueuedLead = Lead & { key: string; visitor: VisitorContext; spam: Omit<LeadOptions, 'idempotencyKey' | 'timeoutMs'> };

export type LeadOutcome =
  /** Stored by WordPress (`queued: false`) or kept safe in the outbox (`queued: true`). */
  | { ok: true; queued: boolean; message: string }
  /** Refused; `message` is WordPress's sentence for the visitor, null when it sent none. */
  | { ok: false; status: number; message: string | null; retryAfter?: number };

/** The shape WordPress accepts for an idempotency key. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,128}$/;

/**
 * The key of a lead sent from one of the site's forms. The form carries a random `formKey`, but a
 * cached page hands the same one to every visitor, so the key also covers who sent it and what was
 * typed: a double click, a browser retry or a resubmitted page send the same lead with the same key,
 * while two people who got the same page never share one, even when they typed the same words (a
 * shared key would make the second person's lead a replay of the first's: answered, never stored).
 */
export function formLeadKey(formKey: string, lead: Lead, visitorIp = ''): string {
  const hash = crypto.createHash('sha256');
  hash.update(`${lead.kind}\n${formKey}\n${visitorIp}\n`);
  const fields = Object.entries(lead.data)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  hash.update(JSON.stringify(fields));
  return `form-${hash.digest('base64url')}`;
}

/** A key for a lead whose sender gave none: still one key for all of the site's own retries. */
export function newLeadKey(): string {
  return `site-${crypto.randomUUID()}`;
}

/** How long the visitor spent on the form: measured in the browser, else since the page was rendered. */
export function fillTime(fillMs: unknown, renderedAt: unknown, now = Date.now()): number | undefined {
  const measured = Number(fillMs);
  if (typeof fillMs === 'string' && fillMs !== '' && Number.isFinite(measured) && measured >= 0) return Math.trunc(measured);
  const rendered = Number(renderedAt);
  if (
    typeof renderedAt === 'string' &&
    // Stryker disable next-line ConditionalExpression,StringLiteral: an empty string reads as 0, which `rendered > 0` refuses anyway
    renderedAt !== '' &&
    Number.isFinite(rendered) &&
    rendered > 0 &&
    rendered <= now
  ) {
    return Math.trunc(now - rendered);
  }
  return undefined;
}

function send(lead: QueuedLead, timeoutMs?: number, token?: string): Promise<MessageResult> {
  const wordpress = getWordPress();
  const options: LeadOptions = { ...lead.spam, idempotencyKey: lead.key, timeoutMs, token };
  return lead.kind === 'contact'
    ? wordpress.sendContact(lead.data, lead.visitor, options)
    : wordpress.sendInquiry(lead.data, lead.visitor, options);
}

/** One delivery attempt from the outbox. */
export async function deliverQueuedLead(entry: OutboxEntry<QueuedLead>): Promise<DeliveryResult> {
  try {
    const result = await send(entry.payload);
    return result.success ? { status: 'delivered' } : { status: 'rejected', error: result.message || 'WordPress answered success: false' };
  } catch (err) {
    if (!(err instanceof WordPressError)) return { status: 'retry', error: err instanceof Error ? err.message : String(err) };
    const afterMs = err.retryAfter ? err.retryAfter * 1000 : undefined;
    if (err.code === CIRCUIT_OPEN) return { status: 'retry', error: err.message, afterMs, counted: false };
    // Down, or "not now" (too many from this visitor, a request time-out, the same key in progress).
    if (isWordPressOutage(err) || err.status === 429 || err.status === 408 || err.status === 409) {
      return { status: 'retry', error: `${err.status} ${err.message}`, afterMs };
    }
    return { status: 'rejected', error: `${err.status} ${err.message}` };
  }
}

let outbox: Outbox<QueuedLead> | undefined;
let outboxRole: 'deliverer' | 'writer' = 'deliverer';

/**
 * This process only keeps leads on disk; another process of the same site (the one that runs the
 * background work) delivers them. Called at boot, before the first lead.
 */
export function keepLeadsForAnotherProcess(): void {
  // Stryker disable next-line StringLiteral: any role but 'deliverer' only keeps leads, as 'writer' does
  outboxRole = 'writer';
}

/** The outbox folder: OUTBOX_DIR, else one per site port under .local/ (each process owns its own). */
export function outboxDir(): string {
  return env().outboxDir ?? path.resolve('.local', 'outbox', `site-${env().port}`);
}

/** The process's outbox, opened on first use (which reads back what a previous run left). */
export function getOutbox(): Outbox<QueuedLead> {
  if (!outbox) {
    const box = new Outbox<QueuedLead>({
      dir: outboxDir(),
      deliver: deliverQueuedLead,
      log: (level, message) => console[level](message),
      role: outboxRole,
    });
    box.open();
    // WordPress is back: send what waited, soon, instead of at each lead's next backoff.
    getWordPress().breaker.onClose(() => box.nudge());
    outbox = box;
  }
  return outbox;
}

/** Tests: gives the process's outbox up and forgets it and its role, as a new process starts. */
export async function resetLeadOutboxForTests(): Promise<void> {
  await outbox?.close();
  outbox = undefined;
  outboxRole = 'deliverer';
}

/** Starts delivering at boot, so leads left by a previous run go out without waiting for a visitor. */
export function startLeadOutbox(): void {
  getOutbox().start();
}

/**
 * Sends a lead to WordPress now, or keeps it in the outbox when WordPress cannot answer. Never throws:
 * whatever goes wrong, the caller gets an outcome it can show beside the visitor's typed values.
 */
export async function submitLead(lead: QueuedLead, token?: string): Promise<LeadOutcome> {
  try {
    // A visitor waits a short while only: a WordPress that has not taken the lead by then hands it to
    // the outbox (see LEAD_ANSWER_MS). The buyer's token goes with this attempt only: the outbox keeps
    // no token on disk, so a lead delivered later is stored without its account.
    const result = await send(lead, LEAD_ANSWER_MS, token);
    if (!result.success) return { ok: false, status: 502, message: result.message || null };
    return { ok: true, queued: false, message: result.message || LEAD_ACCEPTED[lead.kind] };
  } catch (err) {
    // 409: WordPress is still storing the same key (or its database hiccuped): keep it and retry.
    // A shared 429 counted every visitor as the site's one connection (WordPress did not believe the
    // signed address): not this visitor's flood, so the lead waits for the window to pass.
    if (err instanceof WordPressError && (isWordPressOutage(err) || err.status === 409 || err.sharedLimit)) {
      try {
        getOutbox().enqueue(`${lead.kind}.${lead.key}`, lead.kind, lead);
      } catch (diskError) {
        console.error(`Lead ${lead.key} could not be queued:`, diskError instanceof Error ? diskError.message : diskError);
        // Stryker disable next-line StringLiteral: the outage's message is replaced by null just after; its status and Retry-After are what is kept
        return { ok: false, ...outage(''), message: null };
      }
      if (err.sharedLimit) {
        // The operator's mistake, not a passing outage: said as an error so it is seen and fixed.
        console.error(
          `WordPress counted the site's own address for its flood limit, not the visitor's (is PURGE_SECRET WordPress's purge secret?); ${lead.kind} ${lead.key} kept in the outbox`,
        );
      } else {
        console.warn(`WordPress unavailable (${err.status} ${err.message}); ${lead.kind} ${lead.key} kept in the outbox`);
      }
      return { ok: true, queued: true, message: LEAD_ACCEPTED[lead.kind] };
    }
    if (isRefusal(err)) {
      return { ok: false, status: err.status, message: wordpressMessage(err), retryAfter: err.retryAfter };
    }
    console.error(`Lead ${lead.key} failed unexpectedly:`, err);
    return { ok: false, status: 500, message: null };
  }
}

/** A fresh form's hidden stamp: a random form key and when the page was rendered. */
export function leadFormStamp(): { formKey: string; renderedAt: number } {
  return { formKey: crypto.randomUUID(), renderedAt: Date.now() };
}

/** The guard fields every lead form posts beside the visitor's own (see LeadFormGuard). */
function leadFormGuard(form: Record<string, unknown>): { formKey: string; spam: QueuedLead['spam'] } {
  const formKey = typeof form.formKey === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(form.formKey) ? form.formKey : '';
  const honeypot = form[HONEYPOT_FIELD];
  return {
    formKey,
    spam: {
      honeypot: typeof honeypot === 'string' && honeypot !== '' ? honeypot : undefined,
      fillMs: fillTime(form.fillMs, form.renderedAt),
      scripted: formKey !== '' && form[SCRIPT_FIELD] === scriptProof(formKey),
    },
  };
}

/**
 * A lead posted from one of the site's forms (`token`: the signed-in sender's): its key is made from the form's own key and what was
 * typed, its spam-guard fields go along, and the visitor is who sent the request.
 */
export function submitFormLead(request: Request, form: Record<string, unknown>, lead: Lead, token?: string): Promise<LeadOutcome> {
  const guard = leadFormGuard(form);
  const visitor = visitorContext(request);
  return submitLead({ ...lead, key: formLeadKey(guard.formKey, lead, visitor.ip), visitor, spam: guard.spam } as QueuedLead, token);
}
