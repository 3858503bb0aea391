#!/usr/bin/env node
// Renders the demo catalogue's pictures locally (there is no stock photo library to fetch from):
// a stylised car per image, drawn as SVG from the car's body type and colour, then encoded with sharp.
//
//   node wordpress/seed/make-images.mjs [OUTPUT_DIR]      (default: <repo>/.local/seed-media)
//   node wordpress/seed/make-images.mjs --frames DIR      (stills for make-videos.sh only)
//
// Deterministic (same data → same files), skips files that already exist, prints a count.
import { mkdirSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';

const HERE = dirname(fileURLToPath(import.meta.url));
const ARGS = process.argv.slice(2);
// --frames: render only the caption-free 16:9 stills that make-videos.sh turns into the demo videos.
const FRAMES = ARGS.includes('--frames');
const OUT = resolve(ARGS.find((a) => !a.startsWith('--')) || join(HERE, '..', '..', '.local', 'seed-media'));
const CARS = JSON.parse(readFileSync(join(HERE, 'data', 'cars.json'), 'utf8'));
const SITE = JSON.parse(readFileSync(join(HERE, 'data', 'site.json'), 'utf8'));
const FONT = "DejaVu Sans, Lato, Liberation Sans, Arial, sans-serif";

// ---------------------------------------------------------------- small helpers

function hash(str) {
	let h = 2166136261;
	for (let i = 0; i < str.length; i++) {
		h ^= str.charCodeAt(i);
		h = Math.imul(h, 16777619);
	}
	return h >>> 0;
}

// mulberry32: tiny seeded generator so every picture is reproducible.
function rng(seed) {
	let a = hash(String(seed));
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const f1 = (n) => Math.round(n * 10) / 10;
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function rgb(hex) {
	const h = hex.replace('#', '');
	return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}
function hex([r, g, b]) {
	return '#' + [r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('');
}
function mix(a, b, t) {
	const x = rgb(a);
	const y = rgb(b);
	return hex(x.map((v, i) => v + (y[i] - v) * t));
}
function luma(c) {
	const [r, g, b] = rgb(c);
	return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}
const pts = (list) => list.map(([x, y]) => `${f1(x)},${f1(y)}`).join(' ');
const poly = (list, attrs) => `<polygon points="${pts(list)}" ${attrs}/>`;

// ---------------------------------------------------------------- car geometry
// Side profile in car units: front at x=0, ground at y=0, up is negative (SVG's y grows downwards).

const BODY = {
	Sedan: { L: 1000, W: 400, clear: 52, R: 80, wf: 190, wr: 790, nose: 105, hood: 160, cowlX: 350, cowlY: 198, roofF: 495, roofR: 690, roofY: 300, deckX: 865, deckY: 212, tailY: 135, pillars: [0.5], hatch: false },
	Hatchback: { L: 860, W: 390, clear: 52, R: 72, wf: 160, wr: 690, nose: 104, hood: 150, cowlX: 290, cowlY: 186, roofF: 425, roofR: 745, roofY: 304, deckX: 842, deckY: 228, tailY: 140, pillars: [0.52], hatch: true },
	SUV: { L: 1000, W: 430, clear: 78, R: 92, wf: 180, wr: 800, nose: 150, hood: 222, cowlX: 305, cowlY: 250, roofF: 430, roofR: 915, roofY: 392, deckX: 982, deckY: 300, tailY: 172, pillars: [0.43, 0.8], hatch: true, cladding: true },
	Minivan: { L: 1000, W: 420, clear: 60, R: 80, wf: 150, wr: 825, nose: 120, hood: 205, cowlX: 210, cowlY: 258, roofF: 345, roofR: 940, roofY: 410, deckX: 988, deckY: 300, tailY: 160, pillars: [0.27, 0.72], hatch: true },
	Pickup: { L: 1060, W: 430, clear: 90, R: 96, wf: 180, wr: 840, nose: 165, hood: 240, cowlX: 330, cowlY: 262, roofF: 430, roofR: 615, roofY: 395, bedX: 632, bedY: 262, tailY: 250, pillars: [0.5], pickup: true, cladding: true },
	'Sports Car': { L: 1000, W: 430, clear: 38, R: 80, wf: 200, wr: 775, nose: 82, hood: 118, cowlX: 395, cowlY: 150, roofF: 535, roofR: 650, roofY: 238, deckX: 895, deckY: 168, tailY: 128, pillars: [], hatch: false },
};

// Corner-rounded outline sampled into points, each tagged with the surface it belongs to.
function profile(g) {
	const top = [
		[8, -g.clear, 0],
		[0, -g.nose, 26],
		[24, -g.hood, 38],
		[g.cowlX, -g.cowlY, 26],
		[g.roofF, -g.roofY, 60],
		[g.roofR, -g.roofY + 4, g.hatch ? 36 : 60],
	];
	if (g.pickup) {
		top.push([g.roofR + 16, -g.bedY - 4, 10], [g.L - 6, -g.bedY, 6], [g.L, -g.tailY + 40, 8]);
	} else {
		top.push([g.deckX, -g.deckY, g.hatch ? 22 : 40], [g.L - 12, -g.deckY + 10, 22], [g.L, -g.tailY, 20]);
	}
	top.push([g.L - 8, -g.clear, 0]);

	// Edge i runs from top[i] to top[i+1]: the windscreen is edge 3 (cowl→roof), the rear glass
	// edge 5 (roof→deck; on a pickup that edge is the cab's back wall).
	const glassEdges = new Set([3, 5]);
	if (g.pickup) glassEdges.delete(5);
	const out = [];
	for (let i = 0; i < top.length; i++) {
		const [x, y, r] = top[i];
		const tagIn = i > 0 ? (glassEdges.has(i - 1) ? 'glass' : 'body') : 'body';
		const tagOut = glassEdges.has(i) ? 'glass' : 'body';
		if (!r || i === 0 || i === top.length - 1) {
			out.push({ x, y, tag: tagOut });
			continue;
		}
		const [px, py] = top[i - 1];
		const [nx, ny] = top[i + 1];
		const d1 = Math.hypot(x - px, y - py);
		const d2 = Math.hypot(nx - x, ny - y);
		const rr = Math.min(r, d1 * 0.45, d2 * 0.45);
		const a = [x + ((px - x) * rr) / d1, y + ((py - y) * rr) / d1];
		const b = [x + ((nx - x) * rr) / d2, y + ((ny - y) * rr) / d2];
		const steps = 6;
		for (let s = 0; s <= steps; s++) {
			const t = s / steps;
			const qx = (1 - t) * (1 - t) * a[0] + 2 * (1 - t) * t * x + t * t * b[0];
			const qy = (1 - t) * (1 - t) * a[1] + 2 * (1 - t) * t * y + t * t * b[1];
			out.push({ x: qx, y: qy, tag: t < 0.5 ? tagIn : tagOut });
		}
	}
	return out;
}

// Bottom line from the rear back to the front, with the wheel arches cut out.
function underside(g) {
	const ra = g.R + 13;
	const res = [];
	for (const wx of [g.wr, g.wf]) {
		const dy = g.R - g.clear;
		const dx = Math.sqrt(Math.max(ra * ra - dy * dy, 0));
		const a0 = Math.atan2(-dy, dx); // right end, below the centre (y up)
		const a1 = Math.PI - a0;
		for (let s = 0; s <= 14; s++) {
			const a = a0 + ((a1 - a0) * s) / 14;
			res.push([wx + ra * Math.cos(a), -g.R - ra * Math.sin(a)]);
		}
	}
	return res;
}

function archPolygon(g, wx) {
	const ra = g.R + 13;
	const dy = g.R - g.clear;
	const dx = Math.sqrt(Math.max(ra * ra - dy * dy, 0));
	const a0 = Math.atan2(-dy, dx);
	const a1 = Math.PI - a0;
	const res = [];
	for (let s = 0; s <= 16; s++) {
		const a = a0 + ((a1 - a0) * s) / 16;
		res.push([wx + ra * Math.cos(a), -g.R - ra * Math.sin(a)]);
	}
	return res;
}

// Oblique projection: z is the fraction of the car's width away from the viewer. The outline's z=0
// and z=1 are pulled inwards above the beltline (tumblehome) and at the corners (rounded plan view),
// which is what stops the extruded profile from looking like a box.
function projector(g, view) {
	const ax = view.ax;
	const belt = g.cowlY;
	const inset = (x, y) => {
		const h = -y;
		let z = h > belt ? Math.min(1, (h - belt) / (g.roofY - belt)) * 0.14 : 0;
		if (x < 80) z += ((80 - x) / 80) ** 2 * 0.08;
		if (x > g.L - 60) z += ((x - (g.L - 60)) / 60) ** 2 * 0.06;
		return z;
	};
	return (x, y, z = 0) => {
		if (z === 0) z = inset(x, y);
		else if (z === 1) z = 1 - inset(x, y);
		const shrink = 1 - z * view.shrink;
		return [x * ax * (1 - z * view.shrink * 0.5) + z * view.dx * g.W, y * shrink + z * view.dy * g.W];
	};
}

const VIEWS = {
	front34: { ax: 0.88, dx: -0.42, dy: -0.13, shrink: 0.05 },
	rear34: { ax: 0.88, dx: 0.42, dy: -0.13, shrink: 0.05 },
	side: { ax: 1, dx: 0.04, dy: -0.07, shrink: 0 },
	high34: { ax: 0.84, dx: -0.46, dy: -0.24, shrink: 0.06 },
};

function wheel(cx, cy, rx, ry, style, rimCol, caliper, dark) {
	const spokes = [];
	const n = style === 'multi' ? 10 : 5;
	if (style === 'aero') {
		spokes.push(`<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rx * 0.62)}" ry="${f1(ry * 0.62)}" fill="${mix(rimCol, '#ffffff', 0.15)}"/>`);
		for (let i = 0; i < 5; i++) {
			const a = (i / 5) * Math.PI * 2 + 0.3;
			spokes.push(`<line x1="${f1(cx + Math.cos(a) * rx * 0.25)}" y1="${f1(cy + Math.sin(a) * ry * 0.25)}" x2="${f1(cx + Math.cos(a + 0.5) * rx * 0.6)}" y2="${f1(cy + Math.sin(a + 0.5) * ry * 0.6)}" stroke="${mix(rimCol, '#000000', 0.45)}" stroke-width="${f1(rx * 0.05)}"/>`);
		}
	} else {
		for (let i = 0; i < n; i++) {
			const a = (i / n) * Math.PI * 2 + 0.2;
			const w = style === 'multi' ? rx * 0.07 : rx * 0.16;
			spokes.push(`<line x1="${f1(cx)}" y1="${f1(cy)}" x2="${f1(cx + Math.cos(a) * rx * 0.66)}" y2="${f1(cy + Math.sin(a) * ry * 0.66)}" stroke="${rimCol}" stroke-width="${f1(w)}" stroke-linecap="round"/>`);
		}
	}
	const shade = dark ? ' opacity="0.55"' : '';
	return `<g${shade}>
<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rx)}" ry="${f1(ry)}" fill="#16171a"/>
<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rx * 0.93)}" ry="${f1(ry * 0.93)}" fill="none" stroke="#2c2e33" stroke-width="${f1(rx * 0.05)}"/>
<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rx * 0.7)}" ry="${f1(ry * 0.7)}" fill="#0c0d0f"/>
${caliper ? `<path d="M${f1(cx - rx * 0.45)},${f1(cy - ry * 0.2)} a${f1(rx * 0.5)},${f1(ry * 0.5)} 0 0 1 ${f1(rx * 0.5)},${f1(-ry * 0.38)}" stroke="${caliper}" stroke-width="${f1(rx * 0.16)}" fill="none"/>` : ''}
${spokes.join('\n')}
<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rx * 0.7)}" ry="${f1(ry * 0.7)}" fill="none" stroke="${rimCol}" stroke-width="${f1(rx * 0.06)}"/>
<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rx * 0.13)}" ry="${f1(ry * 0.13)}" fill="${mix(rimCol, '#000000', 0.3)}"/>
</g>`;
}

// Draws one car. Returns SVG in car units with the front-bottom near (0,0); `id` keeps gradient ids unique.
function drawCar(car, viewName, id) {
	const g = BODY[car.bodyType] || BODY.Sedan;
	const view = VIEWS[viewName];
	const P = projector(g, view);
	const r = rng(car.slug || car.title);
	const base = car.colorHex || '#777777';
	const dark = luma(base) < 0.25;
	const ev = car.fuelType === 'electric';
	const rimStyle = ev ? pick(r, ['aero', 'five', 'multi']) : pick(r, ['five', 'multi', 'five']);
	const rimCol = pick(r, ['#c9ced3', '#b7bcc2', '#55595e', dark ? '#c9ced3' : '#3a3d42']);
	const caliper = car.bodyType === 'Sports Car' ? (luma(base) > 0.5 ? '#c4161c' : '#e5b21a') : null;
	const prof = profile(g);
	const under = underside(g);
	const defs = [];
	const parts = [];

	defs.push(`<linearGradient id="side${id}" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${mix(base, '#ffffff', dark ? 0.28 : 0.22)}"/>
<stop offset="0.34" stop-color="${mix(base, '#ffffff', dark ? 0.12 : 0.06)}"/>
<stop offset="0.36" stop-color="${base}"/>
<stop offset="0.75" stop-color="${mix(base, '#000000', 0.18)}"/>
<stop offset="1" stop-color="${mix(base, '#000000', 0.45)}"/>
</linearGradient>
<linearGradient id="glass${id}" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#44596d"/><stop offset="0.45" stop-color="#1b2631"/><stop offset="0.55" stop-color="#2d3c4b"/><stop offset="1" stop-color="#0d1319"/>
</linearGradient>`);

	// Ground shadow, then the far wheels peeking from under the body.
	const [sx0] = P(0, 0, 0);
	const [sx1] = P(g.L, 0, 0);
	const [fx0, fy0] = P(0, 0, 1);
	const [fx1] = P(g.L, 0, 1);
	const minX = Math.min(sx0, fx0);
	const maxX = Math.max(sx1, fx1);
	defs.push(`<radialGradient id="shadow${id}"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.6" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`);
	parts.push(`<ellipse cx="${f1((minX + maxX) / 2)}" cy="${f1(fy0 / 2)}" rx="${f1((maxX - minX) / 2 + 50)}" ry="${f1(Math.abs(fy0) / 2 + 34)}" fill="url(#shadow${id})"/>`);
	for (const wx of [g.wf, g.wr]) {
		const [cx, cy] = P(wx, -g.R, 0.92);
		parts.push(wheel(cx, cy, g.R * view.ax * 0.96, g.R * 0.96, rimStyle, rimCol, null, true));
	}

	// Caps: the surfaces between the near and far outline that face the viewer (roof, hood, nose or tail).
	const sign = (q) => {
		let s = 0;
		for (let i = 0; i < q.length; i++) {
			const [x1, y1] = q[i];
			const [x2, y2] = q[(i + 1) % q.length];
			s += x1 * y2 - x2 * y1;
		}
		return s;
	};
	const roofIdx = prof.findIndex((p) => p.x > (g.roofF + g.roofR) / 2) - 1;
	const refSign = Math.sign(sign([P(prof[roofIdx].x, prof[roofIdx].y, 0), P(prof[roofIdx + 1].x, prof[roofIdx + 1].y, 0), P(prof[roofIdx + 1].x, prof[roofIdx + 1].y, 1), P(prof[roofIdx].x, prof[roofIdx].y, 1)]));
	const caps = [];
	for (let i = 0; i < prof.length - 1; i++) {
		const a = prof[i];
		const b = prof[i + 1];
		const q = [P(a.x, a.y, 0), P(b.x, b.y, 0), P(b.x, b.y, 1), P(a.x, a.y, 1)];
		if (Math.sign(sign(q)) !== refSign) continue;
		// Light from above: faces pointing up are brightest; vertical faces (nose, tail) darker.
		const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
		const up = Math.max(0, (b.x - a.x) / len);
		let fill;
		if (b.tag === 'glass' && a.tag === 'glass') {
			fill = mix('#1c2732', '#6f8597', up * 0.55);
		} else if (g.pickup && Math.abs(a.y + g.bedY) < 8 && Math.abs(b.y + g.bedY) < 8 && a.x > g.roofR + 10) {
			fill = '#26282b';
		} else {
			fill = mix(mix(base, '#000000', 0.22), '#ffffff', up * (dark ? 0.32 : 0.26));
		}
		caps.push(`<polygon points="${pts(q)}" fill="${fill}" stroke="${fill}" stroke-width="1.2" stroke-linejoin="round"/>`);
	}
	parts.push(caps.join('\n'));

	// Lights and grille on the nose (front views) or on the tail (rear view), placed on the visible cap.
	const faceDetails = (front) => {
		const chain = front ? prof.slice(0, 10) : prof.slice(-10).reverse();
		// cumulative length along the nose/tail outline, bottom (v=0) to top (v=1)
		const lens = [0];
		for (let i = 1; i < chain.length; i++) lens.push(lens[i - 1] + Math.hypot(chain[i].x - chain[i - 1].x, chain[i].y - chain[i - 1].y));
		const total = lens[lens.length - 1];
		const at = (u, v) => {
			const d = v * total;
			let i = 1;
			while (i < lens.length - 1 && lens[i] < d) i++;
			const t = (d - lens[i - 1]) / (lens[i] - lens[i - 1] || 1);
			const x = chain[i - 1].x + (chain[i].x - chain[i - 1].x) * t;
			const y = chain[i - 1].y + (chain[i].y - chain[i - 1].y) * t;
			return P(x, y, u);
		};
		const quad = (u0, u1, v0, v1) => [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)];
		const out = [];
		if (front) {
			out.push(poly(quad(0.06, 0.3, 0.55, 0.78), 'fill="#eef4fa" stroke="#9fb3c6" stroke-width="2"'));
			out.push(poly(quad(0.7, 0.94, 0.55, 0.78), 'fill="#eef4fa" stroke="#9fb3c6" stroke-width="2"'));
			if (ev) {
				out.push(poly(quad(0.3, 0.7, 0.7, 0.74), 'fill="#f4f8ff" opacity="0.9"'));
				out.push(poly(quad(0.28, 0.72, 0.12, 0.3), 'fill="#1b1d21"'));
			} else {
				out.push(poly(quad(0.32, 0.68, 0.22, 0.66), 'fill="#17191c" stroke="#8d949b" stroke-width="3"'));
				for (let k = 1; k < 5; k++) {
					const v = 0.22 + (0.44 * k) / 5;
					out.push(`<polyline points="${pts([at(0.33, v), at(0.67, v)])}" stroke="#5d636a" stroke-width="3" fill="none"/>`);
				}
			}
		} else {
			const red = '#c0161e';
			out.push(poly(quad(0.04, 0.28, 0.58, 0.76), `fill="${red}" stroke="#6d0b10" stroke-width="2"`));
			out.push(poly(quad(0.72, 0.96, 0.58, 0.76), `fill="${red}" stroke="#6d0b10" stroke-width="2"`));
			if (ev || r() < 0.5) out.push(poly(quad(0.28, 0.72, 0.66, 0.7), `fill="${red}" opacity="0.85"`));
			out.push(poly(quad(0.38, 0.62, 0.3, 0.46), 'fill="#e8e8e4" stroke="#888" stroke-width="2"'));
		}
		return out.join('\n');
	};
	if (viewName === 'front34' || viewName === 'high34') parts.push(faceDetails(true));
	if (viewName === 'rear34') parts.push(faceDetails(false));

	// Near side panel.
	const side = [...prof.map((p) => P(p.x, p.y, 0)), ...under.map(([x, y]) => P(x, y, 0))];
	parts.push(poly(side, `fill="url(#side${id})" stroke="${mix(base, '#000000', 0.5)}" stroke-width="2" stroke-linejoin="round"`));

	// Lower cladding and sill.
	const sillY = -g.clear;
	const cladH = g.cladding ? 34 : 14;
	parts.push(poly([P(g.wf + g.R + 16, sillY - cladH, 0), P(g.wr - g.R - 16, sillY - cladH, 0), P(g.wr - g.R - 16, sillY, 0), P(g.wf + g.R + 16, sillY, 0)], `fill="${g.cladding ? '#2b2d31' : mix(base, '#000000', 0.5)}"`));

	// Wheel wells, then the near wheels.
	for (const wx of [g.wf, g.wr]) {
		const arch = archPolygon(g, wx).map(([x, y]) => P(x, y, 0));
		parts.push(poly(arch, 'fill="#0b0c0e"'));
		if (g.cladding) parts.push(`<polyline points="${pts(arch)}" fill="none" stroke="#2b2d31" stroke-width="16"/>`);
	}

	// Side glass split by pillars.
	const belt = g.cowlY + 6;
	const beltR = Math.min(belt + (g.pickup ? 4 : 14), g.roofY - 40);
	const wsX = g.cowlX + ((belt - g.cowlY) / (g.roofY - g.cowlY)) * (g.roofF - g.cowlX);
	const rearTopX = g.roofR - 8;
	let rearBotX;
	if (g.pickup) rearBotX = g.roofR + 4;
	else {
		const t = (g.roofY - beltR) / Math.max(g.roofY - g.deckY, 1);
		rearBotX = Math.min(g.roofR + t * (g.deckX - g.roofR), g.deckX - 18);
	}
	const A = [wsX + 26, -belt];
	const B = [g.roofF + 16, -g.roofY + 16];
	const C = [rearTopX - 14, -g.roofY + 18];
	const D = [rearBotX - 26, -beltR];
	const win = [A, B, C, D].map(([x, y]) => P(x, y, 0));
	parts.push(poly(win, `fill="url(#glass${id})" stroke="#0b0d10" stroke-width="5" stroke-linejoin="round"`));
	// A soft reflection streak across the glass.
	parts.push(poly([P(A[0] + 40, -belt - 4, 0), P(B[0] + 60, -g.roofY + 22, 0), P(B[0] + 110, -g.roofY + 22, 0), P(A[0] + 90, -belt - 4, 0)], 'fill="#ffffff" opacity="0.09"'));
	const pillarCol = dark || r() < 0.6 ? '#101215' : mix(base, '#000000', 0.1);
	for (const fr of g.pillars) {
		const top = [B[0] + (C[0] - B[0]) * fr, -g.roofY + 16];
		const bot = [A[0] + (D[0] - A[0]) * fr, -belt - (beltR - belt) * fr];
		parts.push(poly([P(top[0] - 9, top[1], 0), P(top[0] + 9, top[1], 0), P(bot[0] + 12, bot[1], 0), P(bot[0] - 6, bot[1], 0)], `fill="${pillarCol}"`));
	}

	// Shoulder highlight, door gaps and handles.
	parts.push(`<polyline points="${pts([P(40, -g.hood + 12, 0), P(wsX, -belt + 22, 0), P(rearBotX, -beltR + 18, 0), P(g.L - 30, -(g.pickup ? g.bedY : g.deckY) + 24, 0)])}" fill="none" stroke="#ffffff" stroke-opacity="${dark ? 0.28 : 0.35}" stroke-width="5" stroke-linecap="round"/>`);
	const doorXs = [];
	const frontDoor = A[0] - 6;
	doorXs.push(frontDoor);
	for (const fr of g.pillars) doorXs.push(A[0] + (D[0] - A[0]) * fr + 4);
	if (g.pillars.length === 0) doorXs.push(D[0] - 10);
	const lastDoorEnd = g.pillars.length ? Math.min(g.wr - g.R - 20, D[0] + 10) : null;
	if (lastDoorEnd) doorXs.push(lastDoorEnd);
	const gapCol = mix(base, '#000000', 0.6);
	doorXs.forEach((x, i) => {
		parts.push(`<polyline points="${pts([P(x, -belt + 2, 0), P(x - 4, sillY - cladH - 2, 0)])}" stroke="${gapCol}" stroke-width="3" fill="none" opacity="0.7"/>`);
		if (i < doorXs.length - 1) {
			const hx = doorXs[i + 1] - 60;
			parts.push(poly([P(hx, -belt + 36, 0), P(hx + 40, -belt + 36, 0), P(hx + 40, -belt + 44, 0), P(hx, -belt + 44, 0)], `fill="${mix(base, '#000000', 0.4)}"`));
		}
	});

	// Side lights.
	parts.push(poly([P(14, -g.hood + 8, 0), P(80, -g.hood + 2, 0), P(128, -g.hood + 10, 0), P(70, -g.hood + 26, 0), P(20, -g.hood + 28, 0)], 'fill="#e9f1f8" stroke="#7f93a6" stroke-width="2"'));
	const tailTop = g.pickup ? g.bedY : g.deckY;
	parts.push(poly([P(g.L - 4, -tailTop + 14, 0), P(g.L - 70, -tailTop + 12, 0), P(g.L - 62, -tailTop + 30, 0), P(g.L - 2, -tailTop + 40, 0)], 'fill="#b3141b" stroke="#5c0a0e" stroke-width="2"'));

	// Mirror.
	parts.push(poly([P(A[0] - 10, -belt - 4, 0), P(A[0] + 40, -belt - 8, 0), P(A[0] + 44, -belt - 34, 0), P(A[0] + 4, -belt - 30, 0)], `fill="${mix(base, '#000000', 0.3)}" stroke="#0b0d10" stroke-width="2"`));

	// A rear wing for track cars.
	if (/track/i.test(car.trim || car.title || '')) {
		const wy = -g.deckY - 70;
		const foil = [[g.L - 150, wy], [g.L - 10, wy - 8], [g.L - 4, wy + 8], [g.L - 140, wy + 14]];
		const q = [P(foil[0][0], foil[0][1], 0), P(foil[1][0], foil[1][1], 0), P(foil[1][0], foil[1][1], 1), P(foil[0][0], foil[0][1], 1)];
		parts.push(poly(q, 'fill="#1a1c1f"'));
		parts.push(poly([P(g.L - 100, -g.deckY + 2, 0.2), P(g.L - 88, -g.deckY + 2, 0.2), P(g.L - 80, wy + 10, 0.2), P(g.L - 92, wy + 10, 0.2)], 'fill="#222"'));
		parts.push(poly([P(g.L - 100, -g.deckY + 2, 0), P(g.L - 88, -g.deckY + 2, 0), P(g.L - 80, wy + 10, 0), P(g.L - 92, wy + 10, 0)], 'fill="#2a2c30"'));
		parts.push(poly(foil.map(([x, y]) => P(x, y, 0)), 'fill="#111214" stroke="#000" stroke-width="2"'));
	}

	for (const wx of [g.wf, g.wr]) {
		const [cx, cy] = P(wx, -g.R, 0);
		parts.push(wheel(cx, cy, g.R * view.ax, g.R, rimStyle, rimCol, caliper, false));
	}

	const bounds = { minX, maxX, top: P(g.roofF, -g.roofY, 1)[1], L: g.L };
	return { svg: parts.join('\n'), defs: defs.join('\n'), bounds };
}

// ---------------------------------------------------------------- scenes

function scene(name, w, h, seed) {
	const r = rng(seed);
	const hz = Math.round(h * 0.62); // horizon / floor line
	const out = [];
	const defs = [];
	switch (name) {
		case 'showroom': {
			const wall = pick(r, [['#e4e7ea', '#b7bec6'], ['#d8dde3', '#9aa5b1'], ['#ece8e2', '#c3b9ad']]);
			defs.push(`<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>`);
			defs.push(`<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8c939b"/><stop offset="1" stop-color="#4d535a"/></linearGradient>`);
			defs.push('<radialGradient id="spot"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>');
			out.push(`<rect width="${w}" height="${hz}" fill="url(#wall)"/>`);
			for (let x = r() * 120; x < w; x += 150 + r() * 40) out.push(`<rect x="${f1(x)}" y="0" width="3" height="${hz}" fill="#ffffff" opacity="0.35"/>`);
			for (let i = 0; i < 4; i++) out.push(`<rect x="${f1(w * (0.1 + i * 0.24))}" y="${f1(h * 0.04)}" width="${f1(w * 0.14)}" height="10" rx="5" fill="#ffffff" opacity="0.95"/>`);
			out.push(`<rect x="${f1(w * 0.06)}" y="${f1(hz * 0.28)}" width="${f1(w * 0.2)}" height="${f1(hz * 0.36)}" fill="#ffffff" opacity="0.18"/>`);
			out.push(`<rect x="0" y="${hz}" width="${w}" height="${h - hz}" fill="url(#floor)"/>`);
			out.push(`<ellipse cx="${w / 2}" cy="${hz + (h - hz) * 0.45}" rx="${w * 0.45}" ry="${(h - hz) * 0.5}" fill="url(#spot)"/>`);
			out.push(`<rect x="0" y="${hz - 6}" width="${w}" height="6" fill="#5c636b" opacity="0.6"/>`);
			break;
		}
		case 'port': {
			defs.push(`<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2da"/><stop offset="1" stop-color="#e2eef6"/></linearGradient>`);
			out.push(`<rect width="${w}" height="${hz}" fill="url(#sky)"/>`);
			out.push(`<rect x="0" y="${hz - h * 0.07}" width="${w}" height="${h * 0.07}" fill="#5f88a6"/>`);
			// Gantry crane silhouettes.
			for (let k = 0; k < 2; k++) {
				const cx = w * (0.15 + k * 0.55 + r() * 0.1);
				const top = h * (0.08 + r() * 0.06);
				const col = k ? '#c94f2c' : '#d9a12a';
				out.push(`<g stroke="${col}" stroke-width="${f1(w / 180)}" fill="none"><line x1="${f1(cx)}" y1="${f1(hz)}" x2="${f1(cx)}" y2="${f1(top)}"/><line x1="${f1(cx + w * 0.1)}" y1="${f1(hz)}" x2="${f1(cx + w * 0.1)}" y2="${f1(top)}"/><line x1="${f1(cx - w * 0.08)}" y1="${f1(top + 10)}" x2="${f1(cx + w * 0.22)}" y2="${f1(top + 10)}"/><line x1="${f1(cx)}" y1="${f1(top + h * 0.12)}" x2="${f1(cx + w * 0.1)}" y2="${f1(top + h * 0.12)}"/></g>`);
			}
			const colours = ['#b23a2e', '#2c6aa0', '#d89a24', '#2f8a57', '#7d868c', '#a8562a', '#1f4e79', '#c7c9c4'];
			const cw = w / 11;
			const ch = h * 0.07;
			for (let row = 0; row < 4; row++) {
				for (let c = -1; c < 12; c++) {
					if (r() < 0.18 + row * 0.12) continue;
					const x = c * cw + (row % 2) * cw * 0.3;
					const y = hz - (row + 1) * ch - 4;
					const col = pick(r, colours);
					out.push(`<rect x="${f1(x)}" y="${f1(y)}" width="${f1(cw - 4)}" height="${f1(ch - 3)}" fill="${col}"/>`);
					for (let s = 1; s < 8; s++) out.push(`<rect x="${f1(x + (s * (cw - 4)) / 8)}" y="${f1(y + 3)}" width="2" height="${f1(ch - 9)}" fill="#000" opacity="0.18"/>`);
				}
			}
			out.push(`<rect x="0" y="${hz}" width="${w}" height="${h - hz}" fill="#6c7074"/>`);
			for (let i = -6; i < 10; i++) out.push(`<line x1="${f1(w / 2 + i * w * 0.12)}" y1="${hz}" x2="${f1(w / 2 + i * w * 0.3)}" y2="${h}" stroke="#e2c044" stroke-width="5" opacity="0.75"/>`);
			break;
		}
		case 'road':
		case 'sunset': {
			const sunset = name === 'sunset';
			const sky = sunset ? ['#3d4a7a', '#f1a35f'] : ['#5f9fd6', '#d8eaf6'];
			defs.push(`<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`);
			defs.push(`<radialGradient id="sun"><stop offset="0" stop-color="#fff6d8"/><stop offset="0.25" stop-color="#ffe39a" stop-opacity="0.9"/><stop offset="1" stop-color="#ffd27a" stop-opacity="0"/></radialGradient>`);
			out.push(`<rect width="${w}" height="${hz}" fill="url(#sky)"/>`);
			const sx = w * (0.15 + r() * 0.7);
			out.push(`<circle cx="${f1(sx)}" cy="${f1(hz * (sunset ? 0.85 : 0.25))}" r="${f1(h * 0.25)}" fill="url(#sun)"/>`);
			for (let layer = 0; layer < 2; layer++) {
				const col = sunset ? (layer ? '#4a3f5e' : '#6d5a73') : layer ? '#5f8a5a' : '#8fb0a0';
				let d = `M0,${hz}`;
				for (let x = 0; x <= w; x += w / 8) d += ` L${f1(x)},${f1(hz - h * (0.06 + layer * 0.02) - r() * h * 0.12)}`;
				d += ` L${w},${hz} Z`;
				out.push(`<path d="${d}" fill="${col}"/>`);
			}
			for (let x = r() * 60; x < w; x += 50 + r() * 90) {
				const th = h * (0.04 + r() * 0.04);
				const tc = sunset ? '#2f2a3a' : pick(r, ['#3f6b3a', '#4d7a45', '#356033']);
				out.push(`<rect x="${f1(x - 2)}" y="${f1(hz - th * 0.4)}" width="4" height="${f1(th * 0.4)}" fill="#4a3a2a"/><circle cx="${f1(x)}" cy="${f1(hz - th * 0.6)}" r="${f1(th * 0.45)}" fill="${tc}"/>`);
			}
			out.push(`<rect x="0" y="${hz}" width="${w}" height="${h - hz}" fill="${sunset ? '#3b3e46' : '#585d63'}"/>`);
			out.push(`<rect x="0" y="${hz}" width="${w}" height="${f1((h - hz) * 0.08)}" fill="${sunset ? '#4e5a3e' : '#7a9a5a'}"/>`);
			for (let x = -40 + r() * 40; x < w; x += 170) out.push(`<rect x="${f1(x)}" y="${f1(h - (h - hz) * 0.12)}" width="100" height="8" fill="#f2f2f2" opacity="0.85"/>`);
			break;
		}
		case 'city': {
			defs.push(`<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e2447"/><stop offset="0.7" stop-color="#8a4f6e"/><stop offset="1" stop-color="#e0895a"/></linearGradient>`);
			out.push(`<rect width="${w}" height="${hz}" fill="url(#sky)"/>`);
			for (let x = -20; x < w; x += 40 + r() * 70) {
				const bw = 50 + r() * 90;
				const bh = h * (0.15 + r() * 0.4);
				out.push(`<rect x="${f1(x)}" y="${f1(hz - bh)}" width="${f1(bw)}" height="${f1(bh)}" fill="${pick(r, ['#1b1e33', '#232743', '#2a2e4d'])}"/>`);
				for (let wy = hz - bh + 10; wy < hz - 12; wy += 16) for (let wx = x + 8; wx < x + bw - 10; wx += 14) if (r() < 0.35) out.push(`<rect x="${f1(wx)}" y="${f1(wy)}" width="6" height="8" fill="#ffd98a" opacity="0.8"/>`);
			}
			out.push(`<rect x="0" y="${hz}" width="${w}" height="${h - hz}" fill="#2b2d35"/>`);
			for (let i = 0; i < 6; i++) out.push(`<rect x="${f1(r() * w)}" y="${f1(hz + 10 + r() * (h - hz - 20))}" width="${f1(60 + r() * 140)}" height="3" fill="#ffb86b" opacity="0.25"/>`);
			break;
		}
		case 'track': {
			defs.push(`<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6aa6d8"/><stop offset="1" stop-color="#dfeefa"/></linearGradient>`);
			out.push(`<rect width="${w}" height="${hz}" fill="url(#sky)"/>`);
			// Grandstand with a roof and crowd dots.
			out.push(`<polygon points="${f1(w * 0.05)},${hz - h * 0.05} ${f1(w * 0.7)},${hz - h * 0.05} ${f1(w * 0.66)},${f1(hz - h * 0.22)} ${f1(w * 0.09)},${f1(hz - h * 0.22)}" fill="#9aa2aa"/>`);
			out.push(`<rect x="${f1(w * 0.07)}" y="${f1(hz - h * 0.27)}" width="${f1(w * 0.62)}" height="${f1(h * 0.025)}" fill="#eceff1"/>`);
			for (let i = 0; i < 260; i++) out.push(`<circle cx="${f1(w * 0.1 + r() * w * 0.56)}" cy="${f1(hz - h * 0.07 - r() * h * 0.13)}" r="3" fill="${pick(r, ['#e74c3c', '#f5f5f5', '#2e86c1', '#f1c40f', '#34495e'])}"/>`);
			out.push(`<rect x="0" y="${hz - h * 0.05}" width="${w}" height="${h * 0.05}" fill="#dfe3e6"/>`);
			for (let x = 0; x < w; x += 90) out.push(`<rect x="${f1(x)}" y="${f1(hz - h * 0.045)}" width="60" height="${f1(h * 0.03)}" fill="${x % 180 ? '#1f5fa8' : '#c0392b'}"/>`);
			out.push(`<rect x="0" y="${hz}" width="${w}" height="${h - hz}" fill="#4a4e54"/>`);
			for (let x = 0; x < w; x += 80) out.push(`<rect x="${x}" y="${f1(hz + 4)}" width="40" height="14" fill="#c62828"/><rect x="${x + 40}" y="${f1(hz + 4)}" width="40" height="14" fill="#f5f5f5"/>`);
			for (let i = 0; i < 14; i++) out.push(`<rect x="${f1(r() * w)}" y="${f1(hz + 30 + r() * (h - hz - 40))}" width="${f1(120 + r() * 240)}" height="2" fill="#fff" opacity="0.12"/>`);
			break;
		}
		default: {
			// studio: seamless light backdrop
			defs.push(`<radialGradient id="studio" cx="0.5" cy="0.45" r="0.8"><stop offset="0" stop-color="#fbfbfc"/><stop offset="1" stop-color="#c9ced4"/></radialGradient>`);
			out.push(`<rect width="${w}" height="${h}" fill="url(#studio)"/>`);
		}
	}
	return { svg: out.join('\n'), defs: defs.join('\n'), horizon: hz };
}

// ---------------------------------------------------------------- composition

/**
 * placements: [{ car, view, cx (centre x px), ground (px), width (px of the car's drawn length), mirror }]
 */
function compose(w, h, sceneName, seed, placements, caption) {
	const bg = scene(sceneName, w, h, seed);
	const defs = [bg.defs];
	const body = [bg.svg];
	placements.forEach((pl, i) => {
		const drawn = drawCar(pl.car, pl.view, `${i}`);
		defs.push(drawn.defs);
		const span = drawn.bounds.maxX - drawn.bounds.minX;
		const s = pl.width / span;
		const tx = pl.cx - ((drawn.bounds.minX + drawn.bounds.maxX) / 2) * s * (pl.mirror ? -1 : 1);
		const tf = `translate(${f1(tx)},${f1(pl.ground)}) scale(${pl.mirror ? -s : s},${s})`;
		if (sceneName === 'showroom' && pl.reflect !== false) {
			body.push(`<g transform="translate(${f1(tx)},${f1(pl.ground)}) scale(${pl.mirror ? -s : s},${-s * 0.9})" opacity="0.16">${drawn.svg}</g>`);
		}
		body.push(`<g transform="${tf}">${drawn.svg}</g>`);
	});
	if (caption) body.push(captionSvg(w, h, caption));
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs.join('\n')}</defs>${body.join('\n')}</svg>`;
}

function captionSvg(w, h, { title, sub }) {
	const fs = Math.round(w / 42);
	const pad = Math.round(fs * 0.7);
	const boxW = Math.max(title.length * fs * 0.62, (sub || '').length * fs * 0.42) + pad * 2;
	const boxH = sub ? fs * 2.5 + pad : fs * 1.2 + pad * 2;
	const x = Math.round(w * 0.03);
	const y = Math.round(h - boxH - h * 0.04);
	return `<g font-family="${FONT}"><rect x="${x}" y="${y}" width="${f1(boxW)}" height="${f1(boxH)}" rx="${f1(fs * 0.4)}" fill="#0e1116" opacity="0.62"/>
<text x="${x + pad}" y="${f1(y + pad + fs * 0.95)}" font-size="${fs}" font-weight="bold" fill="#ffffff">${esc(title)}</text>
${sub ? `<text x="${x + pad}" y="${f1(y + pad + fs * 2.15)}" font-size="${f1(fs * 0.66)}" fill="#d7dde4">${esc(sub)}</text>` : ''}</g>`;
}

// Camera set-ups per picture index, so each car's gallery shows different angles and places.
const SHOTS = [
	{ view: 'front34', width: 0.74 },
	{ view: 'side', width: 0.8 },
	{ view: 'rear34', width: 0.74 },
	{ view: 'side', width: 0.8, mirror: true },
	{ view: 'front34', width: 1.35, zoom: true },
	{ view: 'high34', width: 0.7, mirror: true },
];
const CAR_SCENES = ['showroom', 'port', 'road', 'city', 'studio', 'sunset'];

function carImageSvg(car, n, carIndex, w = 1280, h = 800) {
	const shot = SHOTS[n % SHOTS.length];
	const sceneName = CAR_SCENES[(n + carIndex) % CAR_SCENES.length];
	const ground = Math.round(h * (shot.zoom ? 0.86 : 0.78));
	const cx = shot.zoom ? w * 0.72 : w / 2;
	return compose(w, h, sceneName, `${car.slug}-${n}`, [{ car, view: shot.view, cx, ground, width: w * shot.width, mirror: !!shot.mirror }], { title: `${car.brand} ${car.model}`, sub: `${car.year} · ${car.trim}` });
}

function carBySlug(slug) {
	const car = CARS.find((c) => c.slug === slug);
	if (!car) throw new Error(`site.json refers to unknown car ${slug}`);
	return car;
}

// Art described in site.json: { scene, w, h, cars: [{ slug, view, x (0..1), width (0..1), mirror }], caption }
function artSvg(art, seed) {
	const w = art.w;
	const h = art.h;
	const ground = Math.round(h * (art.ground || 0.8));
	const placements = (art.cars || []).map((c) => ({ car: carBySlug(c.slug), view: c.view || 'front34', cx: w * c.x, ground: ground + (c.dy || 0) * h, width: w * c.width, mirror: !!c.mirror }));
	return compose(w, h, art.scene, seed, placements, art.caption ? { title: art.caption, sub: art.sub } : null);
}

// A QR-looking pattern (not a real code): finder squares, timing rows and seeded modules. Visitors see
// this picture on the contact page, so it carries no word meant for staff.
function qrSvg() {
	const n = 33;
	const cell = 14;
	const size = n * cell;
	const W = 640;
	const H = 780;
	const ox = (W - size) / 2;
	const oy = 150;
	const r = rng('wechat-qr');
	const rects = [];
	const finder = (fx, fy) => {
		rects.push(`<rect x="${ox + fx * cell}" y="${oy + fy * cell}" width="${7 * cell}" height="${7 * cell}" fill="#111"/>`);
		rects.push(`<rect x="${ox + (fx + 1) * cell}" y="${oy + (fy + 1) * cell}" width="${5 * cell}" height="${5 * cell}" fill="#fff"/>`);
		rects.push(`<rect x="${ox + (fx + 2) * cell}" y="${oy + (fy + 2) * cell}" width="${3 * cell}" height="${3 * cell}" fill="#111"/>`);
	};
	const reserved = (x, y) => (x < 8 && y < 8) || (x > n - 9 && y < 8) || (x < 8 && y > n - 9) || (x > 12 && x < 20 && y > 12 && y < 20);
	for (let y = 0; y < n; y++) {
		for (let x = 0; x < n; x++) {
			if (reserved(x, y)) continue;
			const timing = (x === 6 || y === 6) && (x + y) % 2 === 0;
			if (timing || r() < 0.48) rects.push(`<rect x="${ox + x * cell}" y="${oy + y * cell}" width="${cell}" height="${cell}" fill="#111"/>`);
		}
	}
	finder(0, 0);
	finder(n - 7, 0);
	finder(0, n - 7);
	const cx = ox + size / 2;
	const cy = oy + size / 2;
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#ffffff"/>
<rect width="${W}" height="110" fill="#07c160"/>
<g transform="translate(200,22)"><ellipse cx="34" cy="30" rx="34" ry="28" fill="#fff"/><path d="M14,50 L10,66 L28,56 Z" fill="#fff"/><circle cx="22" cy="26" r="5" fill="#07c160"/><circle cx="46" cy="26" r="5" fill="#07c160"/>
<ellipse cx="70" cy="50" rx="28" ry="23" fill="#e9fbf1"/><path d="M86,66 L92,78 L76,70 Z" fill="#e9fbf1"/><circle cx="61" cy="47" r="4" fill="#07c160"/><circle cx="79" cy="47" r="4" fill="#07c160"/></g>
<text x="325" y="72" font-family="${FONT}" font-size="42" font-weight="bold" fill="#ffffff">WeChat</text>
${rects.join('')}
<rect x="${cx - 40}" y="${cy - 40}" width="80" height="80" rx="14" fill="#ffffff"/><rect x="${cx - 32}" y="${cy - 32}" width="64" height="64" rx="12" fill="#07c160"/>
<ellipse cx="${cx - 6}" cy="${cy - 3}" rx="18" ry="15" fill="#fff"/><ellipse cx="${cx + 10}" cy="${cy + 9}" rx="14" ry="12" fill="#e9fbf1"/>
<text x="${W / 2}" y="${oy + size + 60}" text-anchor="middle" font-family="${FONT}" font-size="26" fill="#222">Scan to chat with our sales team</text>
</svg>`;
}

// ---------------------------------------------------------------- jobs

function jobs() {
	const list = [];
	// SEED_IMAGES_ONLY=regex renders a subset (handy while tuning the artwork).
	const only = process.env.SEED_IMAGES_ONLY ? new RegExp(process.env.SEED_IMAGES_ONLY) : null;
	const keep = (file) => !only || only.test(file);
	if (FRAMES) {
		for (const video of SITE.videos) {
			const base = video.file.replace(/\.mp4$/, '');
			(video.frames || []).forEach((art, k) => {
				const file = `frames/${base}-${k + 1}.jpg`;
				if (keep(file)) list.push({ file, svg: () => artSvg({ w: 1920, h: 1080, ...art }, file) });
			});
		}
		return list;
	}
	CARS.forEach((car, i) => {
		for (let n = 0; n < car.images; n++) {
			const file = `cars/${car.slug}-${n + 1}.jpg`;
			if (keep(file)) list.push({ file, svg: () => carImageSvg(car, n, i) });
		}
	});
	for (const m of SITE.media) {
		if (!keep(m.file)) continue;
		if (m.art === 'wechat-qr') list.push({ file: m.file, svg: qrSvg, png: true });
		else list.push({ file: m.file, svg: () => artSvg(m.art, m.file) });
	}
	return list;
}

async function render(job) {
	const target = join(OUT, job.file);
	if (existsSync(target)) return false;
	mkdirSync(dirname(target), { recursive: true });
	const tmp = `${target}.tmp-${process.pid}`;
	const img = sharp(Buffer.from(job.svg()), { density: 72 });
	try {
		if (job.png) await img.png({ compressionLevel: 9, palette: true }).toFile(tmp);
		else await img.flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toFile(tmp);
		// Rename last, so an interrupted run never leaves a half-written file that a later run would skip.
		renameSync(tmp, target);
	} catch (e) {
		rmSync(tmp, { force: true });
		throw e;
	}
	return true;
}

async function main() {
	const started = Date.now();
	sharp.cache(false);
	sharp.concurrency(1);
	const queue = jobs();
	let made = 0;
	let next = 0;
	const worker = async () => {
		while (next < queue.length) {
			const job = queue[next++];
			if (await render(job)) made++;
		}
	};
	await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
	const secs = ((Date.now() - started) / 1000).toFixed(1);
	console.log(`seed images: ${made} made, ${queue.length - made} already present, ${queue.length} total in ${OUT} (${secs} s)`);
}

main().catch((e) => {
	console.error(`make-images: ${e.message}`);
	process.exit(1);
});
