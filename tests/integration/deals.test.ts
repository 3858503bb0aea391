// Deals (/car-export/v1/deals and /car-export/v1/staff/deals): a buyer asks for a quote or buys now,
// staff quote, the buyer accepts (the car is reserved and a proforma issued), sends a proof of
// payment, staff confirm it, ship and send the documents (only when everything is paid). A car is
// reserved by one deal at a time whatever the timing, another buyer or a guest learns nothing of a
// deal that is not theirs, uploads are judged by their content, and an unpaid hold runs out by cron.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/config.mjs';
import { signInToWpAdmin } from '../../scripts/lib/wp-admin.mjs';
import { wpCliArgs, wpCliEnv } from '../../scripts/lib/wp-cli.mjs';
import { hiddenFields } from './support/admin';
import { newStaffAccount, pngBytes, wpPhp } from './support/local';
import { waitForMail } from './support/mail';
import { createCar, deleteCar, gqlData, http, rest, suiteUsers, token, unique, WP, type TestUser } from './support/wordpress';

const DEALS = '/car-export/v1/deals';
const STAFF = '/car-export/v1/staff/deals';

const suite = suiteUsers();
const buyers: number[] = [];
const users = {
  create: async (): Promise<TestUser> => {
    const user = await suite.create();
    buyers.push(user.id);
    return user;
  },
  removeAll: () => suite.removeAll(),
};
const cars: number[] = [];
const staffIds: number[] = [];
let staffToken = '';
let staffLogin = { username: '', password: '' };

type Deal = {
  id: string;
  number: string;
  state: string;
  total: number;
  deposit: number;
  paid: number;
  amountDue: number;
  balanceDue: number;
  nextAction: string;
  holdUntil: string | null;
  proforma: { number: string; path: string } | null;
  timeline: Array<{ state: string; note: string; action: string }>;
  files: Array<{ id: string; name: string; mime: string; forBuyer: boolean; path: string }>;
  messages: Array<{ fromStaff: boolean; body: string }>;
  lines: Array<{ kind: string; amount: number }>;
};

async function car(price: number | null = 20000): Promise<number> {
  const fields: Record<string, unknown> = {
    title: unique('QA Deal Toyota'),
    _car_brand: 'Toyota',
    _car_year: 2020,
    _car_stock_number: unique('STK'),
  };
  if (price !== null) fields._car_price = price;
  const id = await createCar(fields);
  cars.push(id);
  return id;
}

const request = (carId: number, extra: Record<string, unknown> = {}) => ({
  carId,
  country: 'Kenya',
  tradeTerm: 'FOB',
  shipping: 'roro',
  inspection: false,
  message: 'Please quote with inspection photos.',
  ...extra,
});

function post(route: string, who: string | undefined, body: Record<string, unknown> = {}) {
  return rest(route, { method: 'POST', token: who, body });
}

async function upload(route: string, who: string | undefined, bytes: Buffer, name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (who) headers.Authorization = `Bearer ${who}`;
  return http(`/wp-json${route}`, { method: 'POST', headers, body: form });
}

async function raw(route: string, who?: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(`${WP}/wp-json${route}`, { headers: who ? { Authorization: `Bearer ${who}` } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

const saleStatus = async (id: number): Promise<string> =>
  (await gqlData<{ car: { saleStatus: string } }>('query($id: ID!) { car(id: $id) { saleStatus } }', { id: String(id) })).car.saleStatus;

const holdsOf = (carId: number): number =>
  wpPhp<number>(
    `global $wpdb; echo json_encode( (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->prefix}car_export_deal_holds WHERE car_id = %d", (int) $argv[1] ) ) );`,
    String(carId),
  );

async function quoted(buyer: TestUser, carId: number): Promise<Deal> {
  const asked = await post(DEALS, buyer.token, request(carId));
  expect(asked.status, asked.text).toBe(201);
  const id = asked.body.deal.id as string;
  const q = await post(`${STAFF}/${id}/quote`, staffToken, {
    lines: [
      { kind: 'car', amount: 10000 },
      { kind: 'freight', label: 'RoRo to Mombasa', amount: 1500 },
      { kind: 'inspection', amount: 500 },
    ],
    validDays: 5,
  });
  expect(q.status, q.text).toBe(200);
  return q.body.deal as Deal;
}

beforeAll(async () => {
  const { id, username, password } = newStaffAccount('car_export_sales');
  staffIds.push(id);
  staffToken = await token(username, password);
  staffLogin = { username, password };
});

afterAll(async () => {
  // The deals of this file's buyers go with them: rows, reservations and stored files.
  if (buyers.length)
    wpPhp(
      `global $wpdb; $p = $wpdb->prefix . 'car_export_';
       foreach ( array_slice( $argv, 1 ) as $buyer ) {
         foreach ( $wpdb->get_results( $wpdb->prepare( "SELECT id, public_id FROM {$p}deals WHERE buyer_id = %d", (int) $buyer ) ) as $d ) {
           foreach ( array( 'deal_events', 'deal_messages', 'deal_files', 'deal_holds' ) as $t ) { $wpdb->delete( $p . $t, array( 'deal_id' => $d->id ) ); }
           $wpdb->delete( $p . 'deals', array( 'id' => $d->id ) );
           $dir = \\CarExport\\Deals\\DealFiles::root() . '/' . $d->public_id;
           foreach ( (array) glob( $dir . '/{,.}[!.]*', GLOB_BRACE ) as $f ) { unlink( $f ); }
           if ( is_dir( $dir ) ) { rmdir( $dir ); }
         }
       }
       echo 1;`,
      ...buyers.map(String),
    );
  await users.removeAll();
  for (const id of cars) await deleteCar(id);
  wpPhp(
    `require_once ABSPATH . 'wp-admin/includes/user.php'; foreach ( array_slice( $argv, 1 ) as $id ) { wp_delete_user( (int) $id ); } echo 1;`,
    ...staffIds.map(String),
  );
});

describe('the whole sale', () => {
  it('walks from request to completed, with the car reserved, then sold, and documents only after full payment', async () => {
    const buyer = await users.create();
    const carId = await car();
    const key = unique('deal-key-0123456789');

    // A double click: the same key makes one deal.
    const first = await rest(DEALS, { method: 'POST', token: buyer.token, body: request(carId), headers: { 'Idempotency-Key': key } });
    const again = await rest(DEALS, { method: 'POST', token: buyer.token, body: request(carId), headers: { 'Idempotency-Key': key } });
    expect(first.status, first.text).toBe(201);
    expect(again.body.deal.id).toBe(first.body.deal.id);
    const id = first.body.deal.id as string;
    expect(first.body.deal).toMatchObject({
      state: 'requested',
      nextAction: 'wait_for_quote',
      number: expect.stringMatching(/^D-\d{4}-\d{5}$/),
    });
    expect((await rest(DEALS, { token: buyer.token })).body.deals.map((d: Deal) => d.id)).toEqual([id]);
    await waitForMail((m) => m.subject.includes(first.body.deal.number) && m.subject.includes('New quote request'));

    // Accepting before a quote is refused and changes nothing.
    const early = await post(`${DEALS}/${id}/accept`, buyer.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only a quote that is waiting for an answer can be accepted.');

    const q = await post(`${STAFF}/${id}/quote`, staffToken, {
      lines: [
        { kind: 'car', amount: 10000 },
        { kind: 'freight', amount: 1500 },
      ],
      validDays: 5,
    });
    expect(q.status, q.text).toBe(200);
    expect(q.body.deal).toMatchObject({ state: 'quoted', total: 11500, deposit: 5750 });
    await waitForMail(
      (m) => m.to.includes(buyer.email) && m.subject.includes('Your quote is ready') && m.text.includes(`/account/deals/${id}`),
    );

    const accepted = await post(`${DEALS}/${id}/accept`, buyer.token);
    expect(accepted.status, accepted.text).toBe(200);
    const deal = accepted.body.deal as Deal;
    expect(deal).toMatchObject({ state: 'accepted', amountDue: 5750, nextAction: 'pay_deposit' });
    expect(deal.proforma?.number).toMatch(/^PI-\d{4}-\d{5}$/);
    expect(Date.parse(deal.holdUntil!)).toBeGreaterThan(Date.now() + 2 * 86400_000);
    expect(await saleStatus(carId)).toBe('RESERVED');
    expect(holdsOf(carId)).toBe(1);

    const pdf = await raw(`${DEALS}/${id}/invoice`, buyer.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const proof = await upload(`${DEALS}/${id}/proof`, buyer.token, pngBytes(), 'wire.png');
    expect(proof.status, proof.text).toBe(201);
    expect(proof.body.deal.state).toBe('payment_submitted');
    await waitForMail((m) => m.subject.includes(deal.number) && m.subject.includes('Proof of payment received'));

    const tooLittle = await post(`${STAFF}/${id}/confirm-payment`, staffToken, { amount: 1000, date: '2026-01-05' });
    expect(tooLittle.status).toBe(400);
    expect(tooLittle.body.message).toBe('The payments must reach the deposit of USD 5,750 before the car is confirmed.');

    const deposit = await post(`${STAFF}/${id}/confirm-payment`, staffToken, { amount: 5750, date: '2026-01-05' });
    expect(deposit.status, deposit.text).toBe(200);
    expect(deposit.body.deal).toMatchObject({ state: 'deposit_confirmed', paid: 5750, amountDue: 5750, nextAction: 'pay_balance' });

    expect(
      (await post(`${STAFF}/${id}/book-shipping`, staffToken, { vessel: 'MV Morning Star', etd: '2026-02-01', eta: '2026-03-01' })).body
        .deal.state,
    ).toBe('shipping_booked');
    expect((await post(`${STAFF}/${id}/ship`, staffToken, { blNumber: 'BL-778899' })).body.deal.state).toBe('shipped');
    const bl = await upload(`${STAFF}/${id}/documents`, staffToken, Buffer.from('%PDF-1.4 bill of lading copy'), 'bl-copy.pdf', {
      forBuyer: 'true',
    });
    expect(bl.status, bl.text).toBe(200);
    const internal = await upload(`${STAFF}/${id}/documents`, staffToken, Buffer.from('%PDF-1.4 purchase ledger'), 'ledger.pdf', {
      forBuyer: 'false',
    });
    expect(internal.status, internal.text).toBe(200);

    // The originals wait for the balance.
    const docsEarly = await post(`${STAFF}/${id}/send-documents`, staffToken, { tracking: 'DHL 123' });
    expect(docsEarly.status).toBe(409);
    expect(docsEarly.body.message).toBe('Original documents are sent only after full payment; USD 5,750 is still open.');

    const balance = await post(`${STAFF}/${id}/confirm-payment`, staffToken, { amount: 5750, date: '2026-02-10' });
    expect(balance.body.deal).toMatchObject({ state: 'shipped', paid: 11500, balanceDue: 0 });
    expect((await post(`${STAFF}/${id}/send-documents`, staffToken, { tracking: 'DHL 123' })).body.deal.state).toBe('documents_sent');
    expect((await post(`${STAFF}/${id}/complete`, staffToken)).body.deal.state).toBe('completed');
    expect(await saleStatus(carId)).toBe('SOLD');
    expect(holdsOf(carId)).toBe(0);

    // The buyer sees the B/L copy and their proof, never the internal ledger; the timeline in buyer words.
    const mine = (await rest(`${DEALS}/${id}`, { token: buyer.token })).body.deal as Deal;
    expect(mine.files.map((f) => f.name).sort()).toEqual(['bl-copy.pdf', 'wire.png']);
    expect(mine.timeline.map((t) => t.state)).toEqual([
      'requested',
      'quoted',
      'accepted',
      'payment_submitted',
      'deposit_confirmed',
      'shipping_booked',
      'shipped',
      'shipped',
      'shipped',
      'documents_sent',
      'completed',
    ]);
    expect(mine.messages).toEqual([expect.objectContaining({ fromStaff: false, body: 'Please quote with inspection photos.' })]);
    const blFile = mine.files.find((f) => f.name === 'bl-copy.pdf')!;
    const got = await raw(blFile.path.replace(/^\/car-export\/v1/, '/car-export/v1'), buyer.token);
    expect(got.status).toBe(200);
    expect(got.bytes.toString()).toBe('%PDF-1.4 bill of lading copy');
    const ledger = ((await rest(`${STAFF}/${id}`, { token: staffToken })).body.deal as Deal).files.find((f) => f.name === 'ledger.pdf')!;
    expect((await raw(ledger.path, buyer.token)).status).toBe(404);
  });

  it('Buy Now reserves a priced car at once with its freight estimate, and refuses a car without a price', async () => {
    const buyer = await users.create();
    const carId = await car(15000);
    const port = (await gqlData<{ ports: Array<{ databaseId: number; roroFreight: number }> }>('{ ports { databaseId roroFreight } }'))
      .ports[0]!;
    const res = await post(`${DEALS}/buy-now`, buyer.token, request(carId, { tradeTerm: 'CFR', portId: port.databaseId }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.deal).toMatchObject({
      state: 'accepted',
      total: 15000 + port.roroFreight,
      deposit: Math.ceil((15000 + port.roroFreight) / 2),
    });
    expect(res.body.deal.lines.map((l: { kind: string }) => l.kind)).toEqual(['car', 'freight']);
    expect(await saleStatus(carId)).toBe('RESERVED');

    // One open hold per buyer by default.
    const second = await post(`${DEALS}/buy-now`, buyer.token, request(await car(9000)));
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('You already have a car reserved');

    const other = await users.create();
    const unpriced = await post(`${DEALS}/buy-now`, other.token, request(await car(null)));
    expect(unpriced.status).toBe(409);
    expect(unpriced.body.message).toBe('This car has no listed price. Please request a quote.');
    expect((await rest(DEALS, { token: other.token })).body.deals).toEqual([]);
  });
});

describe('one reservation per car', () => {
  it('gives exactly one of two simultaneous Buy Nows the car', async () => {
    const [a, b] = [await users.create(), await users.create()];
    const carId = await car(12000);
    const answers = await Promise.all([a, b].map((u) => post(`${DEALS}/buy-now`, u.token, request(carId))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe('This car is already reserved by another buyer.');
    expect(holdsOf(carId)).toBe(1);
    // The loser has no deal at all: nothing was half-made.
    const loser = answers[0]!.status === 409 ? a : b;
    expect((await rest(DEALS, { token: loser.token })).body.deals).toEqual([]);
  });

  it('lets one buyer hold one car at a time, also when they accept two quotes at once', async () => {
    const buyer = await users.create();
    const deals = [await quoted(buyer, await car(5000)), await quoted(buyer, await car(5500))];
    const answers = await Promise.all(deals.map((d) => post(`${DEALS}/${d.id}/accept`, buyer.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toContain('You already have a car reserved');
  });

  it('reserves two cars for two buyers accepting at the same moment', async () => {
    const [a, b] = [await users.create(), await users.create()];
    const deals = [await quoted(a, await car(5000)), await quoted(b, await car(5500))];
    const answers = await Promise.all([a, b].map((u, i) => post(`${DEALS}/${deals[i]!.id}/accept`, u.token)));
    expect(answers.map((r) => [r.status, r.body.deal?.state])).toEqual([
      [200, 'accepted'],
      [200, 'accepted'],
    ]);
  });

  it('gives exactly one of two buyers accepting quotes for the same car at the same moment the car', async () => {
    const [a, b] = [await users.create(), await users.create()];
    const carId = await car(12000);
    const deals = [await quoted(a, carId), await quoted(b, carId)];
    const answers = await Promise.all([a, b].map((u, i) => post(`${DEALS}/${deals[i]!.id}/accept`, u.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(holdsOf(carId)).toBe(1);
    const states = await Promise.all(
      [a, b].map(async (u, i) => (await rest(`${DEALS}/${deals[i]!.id}`, { token: u.token })).body.deal.state),
    );
    expect(states.sort()).toEqual(['accepted', 'quoted']);
  });
});

describe('WP-CLI', () => {
  const cli = (...args: string[]) => {
    const res = spawnSync('php', wpCliArgs(['car-export', 'deal', ...args]), {
      cwd: ROOT,
      env: wpCliEnv(),
      encoding: 'utf8',
      timeout: 120000,
    });
    return { status: res.status, out: `${res.stdout}${res.stderr}` };
  };

  it('quotes, refuses a step the state forbids with its sentence, cancels with a reason and lists by number', async () => {
    const buyer = await users.create();
    const carId = await car(12000);
    const asked = (await post(DEALS, buyer.token, request(carId))).body.deal as Deal;

    const q = cli('quote', asked.number, '--line=car:9000', '--line=freight:1200:RoRo to Valparaiso', '--valid-days=3');
    expect(q.out, q.out).toContain(`Success: ${asked.number} is now quoted.`);
    const quotedDeal = (await rest(`${DEALS}/${asked.id}`, { token: buyer.token })).body.deal as Deal;
    expect(quotedDeal.lines).toEqual([
      { kind: 'car', label: 'Vehicle', amount: 9000 },
      { kind: 'freight', label: 'RoRo to Valparaiso', amount: 1200 },
    ]);

    const early = cli('confirm-payment', asked.number, '--amount=5100');
    expect(early.status).toBe(1);
    expect(early.out).toContain('Error: There is no payment proof to confirm on this deal yet.');

    expect((await post(`${DEALS}/${asked.id}/accept`, buyer.token)).status).toBe(200);
    expect(cli('cancel', asked.number, '--reason=Buyer asked to stop').out).toContain(`Success: ${asked.number} is now cancelled.`);
    expect(await saleStatus(carId)).toBe('AVAILABLE');
    const listed = JSON.parse(cli('list', `--search=${asked.number}`, '--format=json').out) as Array<{ number: string; state: string }>;
    expect(listed).toEqual([expect.objectContaining({ number: asked.number, state: 'cancelled' })]);
    const after = (await rest(`${DEALS}/${asked.id}`, { token: buyer.token })).body.deal as Deal;
    expect(after.timeline.at(-1)?.note).toBe('We cancelled the reservation: Buyer asked to stop');
  });
});

describe('wp-admin', () => {
  /** A wp-admin account of `role`, signed in. */
  async function session(role: string) {
    const { id, username, password } = newStaffAccount(role);
    staffIds.push(id);
    return signInToWpAdmin(WP, { username, password });
  }

  it('lets the sales team find a deal by number or buyer e-mail and quote it from the deal screen; other staff are refused', async () => {
    const buyer = await users.create();
    const asked = (await post(DEALS, buyer.token, request(await car()))).body.deal as Deal;
    const sales = await signInToWpAdmin(WP, staffLogin);

    for (const search of [asked.number, buyer.email]) {
      const list = await (await sales.get(`/wp-admin/admin.php?page=car-export-deals&s=${encodeURIComponent(search)}`)).text();
      expect(list).toContain(asked.number);
      expect(list.match(/<tr><td><a /g) ?? []).toHaveLength(1);
    }
    const overdue = await (await sales.get('/wp-admin/admin.php?page=car-export-deals&overdue=1')).text();
    expect(overdue).not.toContain(asked.number);

    const screen = await (await sales.get(`/wp-admin/admin.php?page=car-export-deals&deal=${asked.id}`)).text();
    expect(screen).toContain('Write the quote');
    expect(screen).not.toContain('Confirm payment');
    const form = screen.slice(screen.indexOf('Write the quote'));
    const sent = await sales.post(
      '/wp-admin/admin-post.php',
      new URLSearchParams({
        ...hiddenFields(form),
        'lines[0][kind]': 'car',
        'lines[0][amount]': '8000',
        'lines[1][kind]': 'freight',
        'lines[1][label]': 'RoRo to Mombasa',
        'lines[1][amount]': '1400',
        'lines[2][kind]': 'insurance',
        'lines[2][amount]': '',
        valid_days: '4',
      }),
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect(sent.status).toBe(302);
    const after = (await rest(`${DEALS}/${asked.id}`, { token: buyer.token })).body.deal as Deal;
    expect(after).toMatchObject({ state: 'quoted', total: 9400 });
    expect(await (await sales.get(sent.headers.get('location')!)).text()).toContain('Saved.');

    // A forged form without the deal's nonce changes nothing.
    const forged = await sales.post(
      '/wp-admin/admin-post.php',
      new URLSearchParams({ action: 'car_export_deal_step', deal: asked.id, step: 'decline' }),
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    );
    expect(forged.status).toBe(403);
    expect(((await rest(`${DEALS}/${asked.id}`, { token: buyer.token })).body.deal as Deal).state).toBe('quoted');

    const editor = await session('editor');
    const refused = await editor.get(`/wp-admin/admin.php?page=car-export-deals&deal=${asked.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain(asked.number);
  });
});

describe('privacy', () => {
  it('answers 404 for a deal, its invoice and files to another buyer and to a guest, as for an id never issued', async () => {
    const [owner, other] = [await users.create(), await users.create()];
    const res = await post(`${DEALS}/buy-now`, owner.token, request(await car(8000)));
    expect(res.status, res.text).toBe(201);
    const deal = res.body.deal as Deal;
    const proof = await upload(`${DEALS}/${deal.id}/proof`, owner.token, pngBytes(), 'proof.png');
    const file = (proof.body.deal as Deal).files[0]!;
    const never = 'f'.repeat(24);
    const routes = [`${DEALS}/${deal.id}`, `${DEALS}/${deal.id}/invoice`, file.path, `${DEALS}/${never}`];
    for (const route of routes) {
      for (const who of [other.token, undefined]) {
        const r = await raw(route, who);
        expect(r.status, `${route} as ${who ? 'another buyer' : 'a guest'}`).toBe(404);
        expect(JSON.parse(r.bytes.toString()).message).toBe('The requested deal could not be found.');
      }
    }
    const steal = await post(`${DEALS}/${deal.id}/messages`, other.token, { message: 'mine now' });
    expect(steal.status).toBe(404);
    expect(
      (await rest(`${DEALS}/${deal.id}`, { token: owner.token })).body.deal.messages.map((m: { body: string }) => m.body),
    ).not.toContain('mine now');
    // Buyers are not staff.
    expect((await rest(STAFF, { token: owner.token })).status).toBe(403);
  });
});

describe('proof uploads', () => {
  it('judges a file by its content and size, and a refused upload changes nothing', async () => {
    const buyer = await users.create();
    const deal = (await post(`${DEALS}/buy-now`, buyer.token, request(await car(7000)))).body.deal as Deal;

    const garbage = await upload(`${DEALS}/${deal.id}/proof`, buyer.token, Buffer.from('MZ\x90\x00 not a document'), 'receipt.pdf');
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe('Please send a PDF, JPEG or PNG file; this file is none of them.');

    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    Buffer.from('%PDF-1.4').copy(big);
    const tooBig = await upload(`${DEALS}/${deal.id}/proof`, buyer.token, big, 'scan.pdf');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('The file is larger than 10 MB. Please send a smaller scan or photo.');

    const unchanged = (await rest(`${DEALS}/${deal.id}`, { token: buyer.token })).body.deal as Deal;
    expect(unchanged.state).toBe('accepted');
    expect(unchanged.files).toEqual([]);
    const stored = wpPhp<string[]>(
      `$dir = \\CarExport\\Deals\\DealFiles::root() . '/' . $argv[1]; echo json_encode( is_dir( $dir ) ? array_values( array_diff( scandir( $dir ), array( '.', '..' ) ) ) : array() );`,
      deal.id,
    );
    expect(stored).toEqual([]);

    // A PNG named .pdf is taken as the PNG it is.
    const png = await upload(`${DEALS}/${deal.id}/proof`, buyer.token, pngBytes(), 'receipt.pdf');
    expect(png.status, png.text).toBe(201);
    expect((png.body.deal as Deal).files[0]).toMatchObject({ name: 'receipt.png', mime: 'image/png' });
    // Stored outside the public uploads folder.
    const root = wpPhp<{ root: string; uploads: string }>(
      `echo json_encode( array( 'root' => \\CarExport\\Deals\\DealFiles::root(), 'uploads' => wp_upload_dir()['basedir'] ) );`,
    );
    expect(root.root.startsWith(root.uploads)).toBe(false);
    // And never served by the web server, whatever its name.
    const [storedName] = wpPhp<string[]>(
      `echo json_encode( array_values( array_diff( scandir( \\CarExport\\Deals\\DealFiles::root() . '/' . $argv[1] ), array( '.', '..' ) ) ) );`,
      deal.id,
    );
    expect(storedName).toMatch(/^[a-f0-9]{24}\.png$/);
    const direct = await fetch(`${WP}/wp-content/car-export-private/${deal.id}/${storedName}`);
    expect(direct.status).toBe(403);
  });
});

describe('expiry', () => {
  it('reminds the buyer once, a day before an unpaid hold ends', async () => {
    const buyer = await users.create();
    const deal = (await post(`${DEALS}/buy-now`, buyer.token, request(await car(6000)))).body.deal as Deal;
    const run = () =>
      wpPhp(
        `global $wpdb; $wpdb->update( $wpdb->prefix . 'car_export_deals', array( 'hold_until' => gmdate( 'Y-m-d H:i:s', time() + 3600 ) ), array( 'public_id' => $argv[1] ) ); do_action( 'car_export_deals_expire_due' ); echo 1;`,
        deal.id,
      );
    run();
    run();
    const mine = (await rest(`${DEALS}/${deal.id}`, { token: buyer.token })).body.deal as Deal;
    expect(mine.state).toBe('accepted');
    expect(mine.timeline.filter((t) => t.action === 'reminder')).toHaveLength(1);
    const [mail] = await waitForMail((m) => m.to.includes(buyer.email) && m.subject === `[${deal.number}] Your reservation ends soon`);
    expect(mail!.text).toContain('Please pay USD 3,000');
    expect(mail!.text).toContain(`/account/deals/${deal.id}`);
  });

  it('frees the car when an unpaid hold runs out, by the cron event, and the catalogue says available again', async () => {
    const buyer = await users.create();
    const carId = await car(9000);
    const deal = (await post(`${DEALS}/buy-now`, buyer.token, request(carId))).body.deal as Deal;
    expect(await saleStatus(carId)).toBe('RESERVED');

    wpPhp(
      `global $wpdb; $wpdb->update( $wpdb->prefix . 'car_export_deals', array( 'hold_until' => gmdate( 'Y-m-d H:i:s', time() - 60 ) ), array( 'public_id' => $argv[1] ) ); do_action( 'car_export_deals_expire_due' ); echo 1;`,
      deal.id,
    );
    const after = (await rest(`${DEALS}/${deal.id}`, { token: buyer.token })).body.deal as Deal;
    expect(after.state).toBe('expired');
    expect(after.timeline.at(-1)?.note).toBe('The reservation ran out without a confirmed payment and the car is available again.');
    expect(holdsOf(carId)).toBe(0);
    expect(await saleStatus(carId)).toBe('AVAILABLE');
    await waitForMail((m) => m.to.includes(buyer.email) && m.subject === `[${deal.number}] Expired`);

    // Another buyer can now take it.
    const next = await users.create();
    expect((await post(`${DEALS}/buy-now`, next.token, request(carId))).status).toBe(201);
  });
});
