/** The workspace's settings, its customers' companies and its people (sections of format.ts). */
import { sql } from 'drizzle-orm';
import { companies, users, workspaceSettings } from '@/server/db/schema';
import { queryRows } from '@/server/db/client';
import type { WorkspaceExport } from './format';
import { BATCH, idsBy, insertRows, iso, isoOr, keysOf, numberOrNull, section, type Item, type Raw } from './section';

/** The settings that move with a workspace; an import writes them only into an empty workspace. */
export const workspaceSection = section({
  name: 'workspace',
  tables: [workspaceSettings],
  async export(tx) {
    const [ws] = await queryRows<NonNullable<WorkspaceExport['workspace']>>(
      sql`select name, accent_color as "accentColor", default_theme as "defaultTheme", access, signup_policy as "signupPolicy",
            allowed_domains as "allowedDomains", moderation, default_locale as "defaultLocale", widget_origins as "widgetOrigins"
          from workspace_settings where id = 1`,
      tx,
    );
    return ws ?? null;
  },
  rows: () => 0,
  async import(doc, { tx, opts }) {
    const w = doc.workspace;
    if (!w || !opts.requireEmpty) return;
    await tx.execute(sql`update workspace_settings set name = ${w.name}, accent_color = ${w.accentColor}, default_theme = ${w.defaultTheme},
      access = ${w.access}, signup_policy = ${w.signupPolicy}, moderation = ${w.moderation}, updated_at = now(),
      default_locale = ${w.defaultLocale},
      widget_origins = array(select jsonb_array_elements_text(${JSON.stringify(w.widgetOrigins)}::jsonb)),
      allowed_domains = array(select jsonb_array_elements_text(${JSON.stringify(w.allowedDomains)}::jsonb))
      where id = 1`);
  },
});

/** Customers' companies, by their id in the host product; the file's name and revenue win. */
export const companiesSection = section({
  name: 'companies',
  tables: [companies],
  async export(tx) {
    // A bigint, which one driver answers as a string.
    const rows = await queryRows<Omit<Item<'companies'>, 'monthlyRevenueCents'> & { monthlyRevenueCents: number | string | null }>(
      sql`select external_id as id, name, monthly_revenue_cents as "monthlyRevenueCents" from companies order by external_id`,
      tx,
    );
    return rows.map((c) => ({ ...c, monthlyRevenueCents: numberOrNull(c.monthlyRevenueCents) }));
  },
  rows: (doc) => doc.companies.length,
  async check(doc, { locate, report }) {
    const seen = new Map<string, number>();
    doc.companies.forEach((c, i) => {
      const earlier = seen.get(c.id);
      if (earlier !== undefined) report.add(locate('companies', i), `company id "${c.id}" appears twice (also ${locate('companies', earlier)})`);
      seen.set(c.id, i);
    });
  },
  async import(doc, ctx) {
    await insertRows(
      ctx.tx,
      'companies',
      ['external_id', 'name', 'monthly_revenue_cents'],
      doc.companies.map((c) => ({ external_id: c.id, name: c.name, monthly_revenue_cents: c.monthlyRevenueCents })),
      sql`on conflict (external_id) do update set name = excluded.name, monthly_revenue_cents = excluded.monthly_revenue_cents, updated_at = now()`,
    );
    ctx.ids.companies = await idsBy(ctx.tx, sql`select external_id as key, id from companies`);
  },
});

const nameFromEmail = (email: string) => email.split('@')[0]!.slice(0, 50) || 'Member';

/**
 * Everyone, by email. Someone the file refers to by email only (an author, a voter…) is created
 * as a member without a password, as a vote on their behalf would: they can sign in by an emailed
 * link or set a password later.
 */
export const membersSection = section({
  name: 'members',
  tables: [users],
  async export(tx) {
    // Rows are ordered by their time at the file's precision (milliseconds), then by a unique
    // key: an import writes those times back truncated, and exporting again gives the same order.
    const rows = await queryRows<Raw<Item<'members'>, 'emailVerifiedAt' | 'bannedAt' | 'deletedAt' | 'createdAt'>>(
      sql`select u.email, u.display_name as "displayName", u.role, u.email_verified_at as "emailVerifiedAt", u.banned_at as "bannedAt",
            u.deleted_at as "deletedAt", u.created_at as "createdAt", u.external_id as "externalId", c.external_id as company
          from users u left join companies c on c.id = u.company_id
          order by date_trunc('milliseconds', u.created_at), u.email`,
      tx,
    );
    return rows.map((m) => ({
      ...m,
      emailVerifiedAt: iso(m.emailVerifiedAt),
      bannedAt: iso(m.bannedAt),
      deletedAt: iso(m.deletedAt),
      createdAt: isoOr(m.createdAt),
    }));
  },
  rows: (doc) => doc.members.length,
  async check(doc, { tx, locate, report }) {
    const companyIds = await keysOf(tx, sql`select external_id as key from companies`);
    for (const c of doc.companies) companyIds.add(c.id);
    const taken = new Map(
      (await queryRows<{ external_id: string; email: string }>(sql`select external_id, email from users where external_id is not null`, tx)).map(
        (u) => [u.external_id, u.email],
      ),
    );
    const seen = new Map<string, number>();
    doc.members.forEach((m, i) => {
      if (m.company !== null && !companyIds.has(m.company)) report.add(locate('members', i), `unknown company "${m.company}"`);
      if (m.externalId === null) return;
      const earlier = seen.get(m.externalId);
      if (earlier !== undefined) report.add(locate('members', i), `external id "${m.externalId}" appears twice (also ${locate('members', earlier)})`);
      seen.set(m.externalId, i);
      const holder = taken.get(m.externalId);
      if (holder !== undefined && holder !== m.email) report.add(locate('members', i), `external id "${m.externalId}" belongs to another account`);
    });
  },
  async import(doc, ctx) {
    const { tx } = ctx;
    const people = new Map<string, Record<string, unknown>>();
    for (const m of doc.members)
      people.set(m.email, {
        email: m.email,
        display_name: m.displayName,
        role: m.role,
        email_verified_at: m.emailVerifiedAt,
        banned_at: m.bannedAt,
        deleted_at: m.deletedAt,
        created_at: m.createdAt ?? new Date().toISOString(),
        external_id: m.externalId,
        company_id: m.company === null ? null : ctx.ids.companies.get(m.company),
      });
    for (const email of ctx.people)
      if (email && !people.has(email))
        people.set(email, {
          email,
          display_name: nameFromEmail(email),
          role: 'member',
          created_at: new Date().toISOString(),
          external_id: null,
          company_id: null,
        });
    const count = async () => (await queryRows<{ n: number }>(sql`select count(*)::int as n from users`, tx))[0]!.n;
    const before = Number(await count());
    await insertRows(
      tx,
      'users',
      ['email', 'display_name', 'role', 'email_verified_at', 'banned_at', 'deleted_at', 'created_at', 'updated_at', 'external_id', 'company_id'],
      [...people.values()].map((p) => ({ ...p, updated_at: p.created_at })),
      sql`on conflict (email) do nothing`,
    );
    ctx.created.members = Number(await count()) - before;
    const emails = [...people.keys()];
    for (let i = 0; i < emails.length; i += BATCH) {
      const found = await idsBy(
        tx,
        sql`select email as key, id from users where email in (select jsonb_array_elements_text(${JSON.stringify(emails.slice(i, i + BATCH))}::jsonb))`,
      );
      for (const [email, id] of found) ctx.ids.users.set(email, id);
    }
  },
});
