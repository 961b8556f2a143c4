/* global document, window */
// Runs in headless Chromium (loaded by generate.ts): builds one piece of furniture per call from boxes,
// rounded boxes, cylinders, spheres and tori, lights it like a studio shot and renders it to the canvas.
// Plain JS on purpose: the page imports it as-is, with `three` mapped to node_modules by an import map.
import * as THREE from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';

const SIZE = 800;
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);
renderer.setSize(SIZE, SIZE);
renderer.shadowMap.enabled = true;
renderer.shadowMap.type = THREE.PCFShadowMap;
renderer.toneMapping = THREE.NeutralToneMapping;
renderer.toneMappingExposure = 0.92;
renderer.outputColorSpace = THREE.SRGBColorSpace;
document.body.appendChild(renderer.domElement);

const pmrem = new THREE.PMREMGenerator(renderer);
const envMap = pmrem.fromScene(new RoomEnvironment(), 0.04).texture;

// ---------------------------------------------------------------------------------------------
// Seeded randomness, so a product renders the same every run.
let seed = 1;
const rnd = () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};
const hashString = (s) => {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) % 2147483646 || 1;
};

// ---------------------------------------------------------------------------------------------
// Colours named in the seed.
const COLOURS = {
  'charcoal grey': '#45474c',
  'teal blue': '#1f6d78',
  'tan brown': '#a8683a',
  'mustard yellow': '#d19a1e',
  'honey brown': '#a86a32',
  'emerald green': '#1d6a4a',
  'light grey': '#bdbfc1',
  'blush pink': '#e3aba7',
  'walnut brown': '#5e3b22',
  'navy blue': '#26365e',
  'natural teak': '#b07a40',
  'provincial teak': '#8a5a2d',
  'dark walnut': '#3f2818',
  'chocolate brown': '#4b2e1f',
  'matte black': '#232323',
  'frosty white': '#efefeb',
  'distressed natural': '#b99a72',
  'natural cane': '#c9a66c',
  cognac: '#9a4e22',
  black: '#1f1f1f',
  walnut: '#5b3a22',
  white: '#f0efea',
  gold: '#c9a14a',
  wenge: '#3b2a20',
  oak: '#c9a36e',
  beige: '#d9c8a9',
  grey: '#8c8e91',
  indigo: '#34407c',
  ivory: '#efe6d0',
  blue: '#3b6ea8',
  brown: '#7a5030',
  natural: '#c49c6c',
};
function colourOf(name, fallback = '#9a8a7a') {
  const n = (name || '').toLowerCase().trim();
  // a variant's swatch colour, as the seed gives it
  if (/^#[0-9a-f]{6}$/.test(n)) return n;
  if (COLOURS[n]) return COLOURS[n];
  const key = Object.keys(COLOURS)
    .sort((a, b) => b.length - a.length)
    .find((k) => n.includes(k));
  return key ? COLOURS[key] : fallback;
}
function splitColours(name) {
  const parts = (name || '').split(/\s+and\s+/i);
  return [colourOf(parts[0]), parts[1] ? colourOf(parts[1]) : null];
}

// ---------------------------------------------------------------------------------------------
// Procedural textures (canvas) and materials.
const texCache = new Map();
function canvasTexture(key, size, draw, repeat = 1, srgb = true) {
  const k = `${key}:${repeat}`;
  if (texCache.has(k)) return texCache.get(k);
  const c = document.createElement('canvas');
  c.width = c.height = size;
  draw(c.getContext('2d'), size);
  const t = new THREE.CanvasTexture(c);
  t.wrapS = t.wrapT = THREE.RepeatWrapping;
  t.repeat.set(repeat, repeat);
  t.anisotropy = 4;
  if (srgb) t.colorSpace = THREE.SRGBColorSpace;
  texCache.set(k, t);
  return t;
}
function woodTexture(hex, contrastIn = 1) {
  const lum = new THREE.Color(hex).getHSL({ h: 0, s: 0, l: 0 }).l;
  const contrast = lum > 0.8 ? contrastIn * 0.25 : contrastIn;
  return canvasTexture(`wood${hex}${contrast}`, 512, (g, s) => {
    const base = new THREE.Color(hex);
    g.fillStyle = `#${base.getHexString()}`;
    g.fillRect(0, 0, s, s);
    let local = hashString(hex);
    const r = () => ((local = (local * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 140; i++) {
      const y0 = r() * s;
      const amp = 2 + r() * 10;
      const freq = 0.004 + r() * 0.012;
      const phase = r() * 6.28;
      const dark = r() < 0.6;
      g.strokeStyle = dark
        ? `rgba(40,20,5,${(0.05 + r() * 0.16) * contrast})`
        : `rgba(255,235,200,${(0.04 + r() * 0.08) * contrast})`;
      g.lineWidth = 0.6 + r() * 2.6;
      g.beginPath();
      for (let x = -4; x <= s + 4; x += 8) {
        const y = y0 + Math.sin(x * freq + phase) * amp + Math.sin(x * freq * 3.1 + phase) * amp * 0.25;
        if (x < 0) g.moveTo(x, y);
        else g.lineTo(x, y);
      }
      g.stroke();
    }
    for (let i = 0; i < 3 * contrast; i++) {
      const x = r() * s,
        y = r() * s,
        w = 6 + r() * 10;
      const grad = g.createRadialGradient(x, y, 1, x, y, w);
      grad.addColorStop(0, 'rgba(40,20,5,0.35)');
      grad.addColorStop(1, 'rgba(40,20,5,0)');
      g.fillStyle = grad;
      g.beginPath();
      g.ellipse(x, y, w * 1.8, w * 0.7, 0, 0, Math.PI * 2);
      g.fill();
    }
  });
}
function noiseTexture(key, repeat, weave = false) {
  return canvasTexture(
    `noise${key}`,
    256,
    (g, s) => {
      const img = g.createImageData(s, s);
      let local = hashString(key);
      const r = () => ((local = (local * 16807) % 2147483647) - 1) / 2147483646;
      for (let y = 0; y < s; y++)
        for (let x = 0; x < s; x++) {
          let v = 232 + r() * 23;
          if (weave) v -= (x % 4 < 2) ^ (y % 4 < 2) ? 14 : 0;
          const i = (y * s + x) * 4;
          img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
          img.data[i + 3] = 255;
        }
      g.putImageData(img, 0, 0);
    },
    repeat,
  );
}
function wickerTexture(hex) {
  return canvasTexture(
    `wicker${hex}`,
    256,
    (g, s) => {
      g.fillStyle = hex;
      g.fillRect(0, 0, s, s);
      const cell = 16;
      for (let y = 0; y < s; y += cell)
        for (let x = 0; x < s; x += cell) {
          const horiz = ((x + y) / cell) % 2 === 0;
          const grad = horiz
            ? g.createLinearGradient(x, y, x, y + cell)
            : g.createLinearGradient(x, y, x + cell, y);
          grad.addColorStop(0, 'rgba(0,0,0,0.35)');
          grad.addColorStop(0.5, 'rgba(255,240,210,0.18)');
          grad.addColorStop(1, 'rgba(0,0,0,0.35)');
          g.fillStyle = grad;
          g.fillRect(x + 1, y + 1, cell - 2, cell - 2);
        }
    },
    3,
  );
}
function marbleTexture() {
  return canvasTexture('marble', 512, (g, s) => {
    g.fillStyle = '#f2f0ec';
    g.fillRect(0, 0, s, s);
    let local = 7;
    const r = () => ((local = (local * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 26; i++) {
      g.strokeStyle = `rgba(110,110,120,${0.08 + r() * 0.25})`;
      g.lineWidth = 0.5 + r() * 2;
      g.beginPath();
      let x = r() * s,
        y = 0;
      g.moveTo(x, y);
      while (y < s) {
        x += (r() - 0.45) * 30;
        y += 10 + r() * 20;
        g.lineTo(x, y);
      }
      g.stroke();
    }
  });
}

const matCache = new Map();
function cached(key, make) {
  if (!matCache.has(key)) matCache.set(key, make());
  return matCache.get(key);
}
const M = {
  wood: (hex, contrast = 1) =>
    cached(
      `wood${hex}${contrast}`,
      () =>
        new THREE.MeshStandardMaterial({
          map: woodTexture(hex, contrast),
          roughness: 0.55,
          envMapIntensity: 0.6,
        }),
    ),
  laminate: (hex) =>
    cached(
      `lam${hex}`,
      () =>
        new THREE.MeshStandardMaterial({
          map: woodTexture(hex, 0.45),
          roughness: 0.45,
          envMapIntensity: 0.7,
        }),
    ),
  paint: (hex) => cached(`paint${hex}`, () => new THREE.MeshStandardMaterial({ color: hex, roughness: 0.5 })),
  fabric: (hex) =>
    cached(
      `fab${hex}`,
      () =>
        new THREE.MeshPhysicalMaterial({
          color: hex,
          map: noiseTexture('fabric', 6, true),
          roughness: 0.95,
          sheen: 0.4,
          sheenColor: new THREE.Color(hex).lerp(new THREE.Color('#ffffff'), 0.4),
          sheenRoughness: 0.8,
          envMapIntensity: 0.5,
        }),
    ),
  velvet: (hex) =>
    cached(
      `vel${hex}`,
      () =>
        new THREE.MeshPhysicalMaterial({
          color: hex,
          map: noiseTexture('velvet', 3),
          roughness: 0.8,
          sheen: 1,
          sheenColor: new THREE.Color(hex).lerp(new THREE.Color('#ffffff'), 0.55),
          sheenRoughness: 0.45,
          envMapIntensity: 0.6,
        }),
    ),
  leather: (hex) =>
    cached(
      `lea${hex}`,
      () =>
        new THREE.MeshPhysicalMaterial({
          color: hex,
          map: noiseTexture('leather', 4),
          roughness: 0.42,
          clearcoat: 0.25,
          clearcoatRoughness: 0.5,
          sheen: 0.3,
          sheenColor: new THREE.Color('#ffffff'),
          envMapIntensity: 0.9,
        }),
    ),
  metal: (hex = '#2a2a2a', rough = 0.35) =>
    cached(
      `met${hex}${rough}`,
      () => new THREE.MeshStandardMaterial({ color: hex, metalness: 0.9, roughness: rough }),
    ),
  brass: () =>
    cached('brass', () => new THREE.MeshStandardMaterial({ color: '#c9a24a', metalness: 1, roughness: 0.3 })),
  chrome: () =>
    cached(
      'chrome',
      () => new THREE.MeshStandardMaterial({ color: '#d8dadc', metalness: 1, roughness: 0.15 }),
    ),
  marble: () =>
    cached(
      'marble',
      () => new THREE.MeshPhysicalMaterial({ map: marbleTexture(), roughness: 0.18, clearcoat: 0.4 }),
    ),
  glass: () =>
    cached(
      'glass',
      () =>
        new THREE.MeshPhysicalMaterial({
          color: '#cfe3e6',
          transparent: true,
          opacity: 0.32,
          roughness: 0.05,
          metalness: 0.1,
          envMapIntensity: 1.5,
          depthWrite: false,
        }),
    ),
  mirror: () =>
    cached('mirror', () => {
      const t = canvasTexture('mirror', 256, (g, s) => {
        const grad = g.createLinearGradient(0, 0, s, s);
        grad.addColorStop(0, '#c9d6dc');
        grad.addColorStop(0.45, '#eef3f5');
        grad.addColorStop(0.55, '#b4c4cc');
        grad.addColorStop(1, '#8fa3ad');
        g.fillStyle = grad;
        g.fillRect(0, 0, s, s);
      });
      t.wrapS = t.wrapT = THREE.ClampToEdgeWrapping;
      return new THREE.MeshStandardMaterial({
        map: t,
        emissive: '#ffffff',
        emissiveMap: t,
        emissiveIntensity: 0.35,
        metalness: 0.3,
        roughness: 0.08,
      });
    }),
  wicker: (hex) =>
    cached(`wick${hex}`, () => new THREE.MeshStandardMaterial({ map: wickerTexture(hex), roughness: 0.8 })),
  linen: (hex = '#f4f2ee') =>
    cached(
      `lin${hex}`,
      () =>
        new THREE.MeshPhysicalMaterial({
          color: hex,
          map: noiseTexture('linen', 5, true),
          roughness: 0.95,
          sheen: 0.3,
          sheenColor: new THREE.Color('#ffffff'),
        }),
    ),
  mesh: (hex = '#2b2d30') =>
    cached(
      `mesh${hex}`,
      () =>
        new THREE.MeshStandardMaterial({ color: hex, map: noiseTexture('mesh', 14, true), roughness: 0.85 }),
    ),
  plastic: (hex = '#202020') =>
    cached(`pl${hex}`, () => new THREE.MeshStandardMaterial({ color: hex, roughness: 0.4 })),
  screen: () =>
    cached(
      'screen',
      () => new THREE.MeshStandardMaterial({ color: '#0c0d10', roughness: 0.15, metalness: 0.3 }),
    ),
  leaf: () => cached('leaf', () => new THREE.MeshStandardMaterial({ color: '#3f7a3a', roughness: 0.7 })),
};

// ---------------------------------------------------------------------------------------------
// Primitives: every helper adds a mesh to `parent` and returns it. Positions are centres (metres).
function add(parent, geo, mat, x = 0, y = 0, z = 0) {
  const m = new THREE.Mesh(geo, mat);
  m.position.set(x, y, z);
  m.castShadow = true;
  m.receiveShadow = true;
  parent.add(m);
  return m;
}
const box = (p, w, h, d, mat, x, y, z) => add(p, new THREE.BoxGeometry(w, h, d), mat, x, y, z);
const rbox = (p, w, h, d, r, mat, x, y, z) =>
  add(
    p,
    new RoundedBoxGeometry(w, h, d, 4, Math.min(r, w / 2 - 0.001, h / 2 - 0.001, d / 2 - 0.001)),
    mat,
    x,
    y,
    z,
  );
const cyl = (p, rt, rb, h, mat, x, y, z, seg = 24) =>
  add(p, new THREE.CylinderGeometry(rt, rb, h, seg), mat, x, y, z);
const sphere = (p, r, mat, x, y, z) => add(p, new THREE.SphereGeometry(r, 24, 16), mat, x, y, z);
function rod(p, a, b, r, mat) {
  const va = new THREE.Vector3(...a),
    vb = new THREE.Vector3(...b);
  const len = va.distanceTo(vb);
  const m = add(p, new THREE.CylinderGeometry(r, r, len, 12), mat);
  m.position.copy(va).add(vb).multiplyScalar(0.5);
  m.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), vb.clone().sub(va).normalize());
  return m;
}
function group(parent, x = 0, y = 0, z = 0, ry = 0) {
  const g = new THREE.Group();
  g.position.set(x, y, z);
  g.rotation.y = ry;
  parent.add(g);
  return g;
}

// Legs: four, inset from the corners.
function legs(p, w, d, h, mat, { inset = 0.06, r = 0.022, taper = 0.7, y0 = 0, square = false } = {}) {
  for (const sx of [-1, 1])
    for (const sz of [-1, 1]) {
      const x = sx * (w / 2 - inset),
        z = sz * (d / 2 - inset);
      if (square) box(p, r * 2, h, r * 2, mat, x, y0 + h / 2, z);
      else cyl(p, r, r * taper, h, mat, x, y0 + h / 2, z);
    }
}

// A row of books and a vase or two on a shelf.
const BOOK_COLOURS = ['#8c3b2e', '#2f4f6f', '#c9a24a', '#4f6b45', '#d9d4c7', '#6b3f5a', '#2d2d2d', '#b5652d'];
function books(p, x0, x1, y, depth, maxH, z = 0) {
  let x = x0 + 0.02;
  while (x < x1 - 0.06) {
    if (rnd() < 0.12) {
      const r = 0.035 + rnd() * 0.02,
        h = Math.min(maxH * 0.8, 0.1 + rnd() * 0.1);
      cyl(p, r * 0.8, r, h, M.paint(rnd() < 0.5 ? '#e8e2d6' : '#5d7f86'), x + r, y + h / 2, z);
      x += r * 2 + 0.03;
      continue;
    }
    const n = 3 + Math.floor(rnd() * 6);
    for (let i = 0; i < n && x < x1 - 0.03; i++) {
      const t = 0.018 + rnd() * 0.02,
        h = Math.min(maxH * 0.9, 0.16 + rnd() * 0.1);
      box(
        p,
        t,
        h,
        Math.min(depth * 0.8, 0.17 + rnd() * 0.05),
        M.paint(BOOK_COLOURS[Math.floor(rnd() * BOOK_COLOURS.length)]),
        x + t / 2,
        y + h / 2,
        z,
      );
      x += t + 0.002;
    }
    x += 0.04 + rnd() * 0.08;
  }
}

// ---------------------------------------------------------------------------------------------
// Builders. Each takes (parent, spec) where spec = { W, D, H (m), main, second, frame, wood, ... }.

function sofa(p, s, o = {}) {
  const { W, D, H } = s;
  const seats = o.seats ?? 3;
  const arm = o.armW ?? 0.17;
  const up = s.main;
  const legH = o.legH ?? 0.12;
  const baseH = o.baseH ?? 0.2;
  const g = group(p);
  if (!o.noLegs) legs(g, W, D, legH, o.legMat ?? s.frame, { inset: 0.07, r: 0.025, taper: 0.6 });
  const y0 = o.noLegs ? 0 : legH;
  rbox(g, W, baseH, D, 0.03, up, 0, y0 + baseH / 2, 0);
  // back
  const backD = 0.2,
    backH = H - y0;
  rbox(g, W, backH, backD, 0.05, up, 0, y0 + backH / 2, -D / 2 + backD / 2);
  // arms
  const armH = o.armH ?? Math.min(H - y0 - 0.14, 0.45);
  for (const sx of [-1, 1]) {
    rbox(g, arm, armH, D, 0.06, up, sx * (W / 2 - arm / 2), y0 + armH / 2, 0);
    if (o.rolled) {
      const m = cyl(g, arm * 0.62, arm * 0.62, D, up, sx * (W / 2 - arm / 2), y0 + armH, 0, 28);
      m.rotation.x = Math.PI / 2;
    }
  }
  // seat and back cushions
  const inner = W - arm * 2;
  const cw = inner / seats;
  const seatH = 0.16;
  for (let i = 0; i < seats; i++) {
    const x = -inner / 2 + cw * (i + 0.5);
    rbox(g, cw - 0.01, seatH, D - backD - 0.02, 0.05, up, x, y0 + baseH + seatH / 2 - 0.01, backD / 2 + 0.0);
    if (!o.noBackCushions) {
      const bh = Math.min(backH - baseH - 0.02, 0.5);
      const cush = rbox(
        g,
        cw - 0.02,
        bh,
        0.17,
        0.07,
        up,
        x,
        y0 + baseH + seatH + bh / 2 - 0.03,
        -D / 2 + backD + 0.06,
      );
      cush.rotation.x = -0.12;
    }
  }
  if (o.tufted) {
    const btn = M.paint(new THREE.Color(up.color ?? '#333').multiplyScalar(0.5).getStyle());
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < Math.round(W / 0.14); c++) {
        const x = -W / 2 + 0.1 + c * ((W - 0.2) / (Math.round(W / 0.14) - 1));
        sphere(
          g,
          0.012,
          btn,
          x + (r % 2) * 0.05,
          y0 + baseH + seatH + 0.05 + r * 0.09,
          -D / 2 + backD + 0.005,
        );
      }
  }
  if (o.pillows !== false && seats >= 2) {
    const accent = M.fabric(o.pillowColour ?? '#e9e1d2');
    for (const sx of [-1, 1]) {
      const pl = rbox(
        g,
        0.42,
        0.38,
        0.12,
        0.06,
        accent,
        sx * (inner / 2 - 0.26),
        y0 + baseH + seatH + 0.18,
        -D / 2 + backD + 0.2,
      );
      pl.rotation.set(-0.2, sx * -0.35, sx * 0.08);
    }
  }
  return g;
}

// An L-shape: a 3-seater with a chaise on the right as you face it, or on the left (the whole piece
// mirrored; three.js flips the faces' winding for a negative scale, so the lighting stays right).
function sectional(p, s, o = {}) {
  const g = sofa(p, { ...s, D: 0.92 }, { seats: 3 });
  g.position.z = -s.D / 2 + 0.46;
  if (o.left) g.scale.x = -1;
  // chaise on the right
  const cw = 0.85,
    cd = s.D - 0.92;
  const up = s.main;
  legs(g, cw, cd, 0.12, s.frame, { inset: 0.07 });
  const ch = group(g, s.W / 2 - 0.17 - cw / 2 + 0.17, 0, 0.46 + cd / 2);
  legs(ch, cw, cd, 0.12, s.frame, { inset: 0.07 });
  rbox(ch, cw, 0.2, cd + 0.02, 0.03, up, 0, 0.22, -0.01);
  rbox(ch, cw - 0.02, 0.16, cd, 0.05, up, 0, 0.38, 0);
  rbox(ch, 0.17, 0.45, cd, 0.06, up, cw / 2 - 0.085, 0.345, 0);
}

function armchair(p, s, o = {}) {
  const g = sofa(p, s, { seats: 1, armW: o.armW ?? 0.14, pillows: false, ...o });
  if (o.wings) {
    for (const sx of [-1, 1]) {
      const w = rbox(g, 0.1, 0.42, 0.34, 0.05, s.main, sx * (s.W / 2 - 0.07), s.H - 0.25, -s.D / 2 + 0.26);
      w.rotation.y = sx * 0.25;
    }
  }
  return g;
}

// An open wooden armchair with cushions (sheesham sofa sets, mango armchair, balcony chairs).
function woodArmchair(p, s, o = {}) {
  const { W, D, H } = s;
  const seats = o.seats ?? 1;
  const g = group(p, o.x ?? 0, 0, o.z ?? 0, o.ry ?? 0);
  const f = o.frameMat ?? s.frame;
  const cushion = o.cushion ?? M.fabric('#d9c8a9');
  const seatY = 0.36,
    r = 0.028;
  legs(g, W, D, seatY + 0.24, f, { inset: 0.04, r, square: true, taper: 1 });
  box(g, W, 0.05, D - 0.02, f, 0, seatY - 0.05, 0); // seat rail
  // arms
  for (const sx of [-1, 1]) {
    rbox(g, 0.07, 0.04, D + 0.02, 0.015, f, sx * (W / 2 - 0.04), seatY + 0.26, 0.01);
    for (let i = 0; i < 3; i++)
      box(g, 0.025, 0.22, 0.025, f, sx * (W / 2 - 0.04), seatY + 0.13, -D / 2 + 0.15 + (i * (D - 0.3)) / 2);
  }
  // back posts and slats
  for (const sx of [-1, 1]) {
    const post = box(g, 0.05, H, 0.05, f, sx * (W / 2 - 0.04), H / 2, -D / 2 + 0.06);
    post.rotation.x = -0.08;
  }
  const back = group(g, 0, 0, -D / 2 + 0.07);
  back.rotation.x = -0.1;
  box(back, W - 0.08, 0.08, 0.03, f, 0, H - 0.08, 0);
  box(back, W - 0.08, 0.05, 0.03, f, 0, seatY + 0.12, 0);
  const cw = (W - 0.14) / seats;
  for (let i = 0; i < seats; i++) {
    const x = -(W - 0.14) / 2 + cw * (i + 0.5);
    rbox(g, cw - 0.02, 0.1, D - 0.14, 0.04, cushion, x, seatY + 0.03, 0.03);
    const bc = rbox(back, cw - 0.03, H - seatY - 0.2, 0.1, 0.045, cushion, x, (H + seatY) / 2 + 0.02, 0.07);
    bc.rotation.x = -0.02;
  }
  return g;
}

function woodSofaSet(p, s) {
  const cushion = M.fabric('#d9c8a9');
  woodArmchair(p, { ...s, W: 1.95, D: 0.8, H: 0.88 }, { seats: 3, cushion });
  woodArmchair(p, { ...s, W: 0.8, D: 0.8, H: 0.88 }, { cushion, x: -1.25, z: 0.65, ry: 0.8 });
  woodArmchair(p, { ...s, W: 0.8, D: 0.8, H: 0.88 }, { cushion, x: 1.25, z: 0.65, ry: -0.8 });
}

function recliner(p, s, o = {}) {
  const seats = o.seats ?? 1;
  const g = sofa(p, s, {
    seats,
    armW: 0.22,
    legH: 0.03,
    baseH: 0.26,
    armH: 0.58,
    noLegs: true,
    pillows: false,
    legMat: s.frame,
  });
  // pillow-top back
  const inner = s.W - 0.44,
    cw = inner / seats;
  for (let i = 0; i < seats; i++) {
    const x = -inner / 2 + cw * (i + 0.5);
    for (let k = 0; k < 2; k++) {
      const b = rbox(g, cw - 0.04, 0.2, 0.14, 0.07, s.main, x, 0.62 + k * 0.2, -s.D / 2 + 0.3);
      b.rotation.x = -0.15;
    }
    if (o.footrest) {
      const fr = rbox(g, cw - 0.06, 0.3, 0.08, 0.04, s.main, x, 0.26, s.D / 2 + 0.16);
      fr.rotation.x = 1.15;
    }
  }
  return g;
}

function chesterfield(p, s) {
  sofa(p, s, {
    seats: 3,
    armH: s.H - 0.12 - 0.1,
    rolled: true,
    tufted: true,
    noBackCushions: true,
    legMat: M.brass(),
    pillows: false,
  });
}

function beanBag(p, s) {
  // a sphere slumped into a bag: flat bottom, a raised back, a seat pressed into the front
  const r = s.W / 2;
  const geo = new THREE.SphereGeometry(1, 64, 40);
  const pos = geo.attributes.position;
  for (let i = 0; i < pos.count; i++) {
    let x = pos.getX(i),
      y = pos.getY(i),
      z = pos.getZ(i);
    const spread = 1 + 0.18 * Math.max(0, -y);
    x *= spread;
    z *= spread;
    if (y > 0) y *= 0.75 + 0.45 * Math.max(0, -z); // the back stands up, the front is lower
    if (y > 0 && z > -0.2) y -= 0.28 * Math.max(0, 1 - (x * x + (z - 0.35) * (z - 0.35)) * 1.6) * y; // the seat
    y = Math.max(y, -0.62); // flat on the floor
    pos.setXYZ(i, x * r, (y + 0.62) * r, z * r);
  }
  geo.computeVertexNormals();
  add(p, geo, s.main);
}

function officeChair(p, s, o = {}) {
  const g = group(p);
  const black = M.plastic('#1d1e20');
  // star base with casters
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 + 0.3;
    const x = Math.cos(a) * 0.3,
      z = Math.sin(a) * 0.3;
    rod(g, [0, 0.09, 0], [x, 0.06, z], 0.022, o.baseMat ?? black);
    sphere(g, 0.028, black, x, 0.03, z);
  }
  cyl(g, 0.05, 0.06, 0.06, o.baseMat ?? black, 0, 0.1, 0);
  cyl(g, 0.025, 0.025, 0.3, M.chrome(), 0, 0.28, 0);
  const seatMat = o.seat ?? s.main;
  rbox(g, 0.52, 0.09, 0.5, 0.04, seatMat, 0, 0.47, 0.02);
  // back
  const backH = o.high ? 0.78 : 0.58;
  const back = group(g, 0, 0.55, -0.25);
  back.rotation.x = -0.12;
  if (o.high) {
    rbox(back, 0.52, backH, 0.1, 0.05, seatMat, 0, backH / 2, 0);
    for (let k = 0; k < 3; k++) rbox(back, 0.44, 0.2, 0.05, 0.04, seatMat, 0, 0.14 + k * 0.22, 0.06);
  } else {
    rbox(back, 0.5, backH, 0.035, 0.03, black, 0, backH / 2 + 0.03, -0.01);
    rbox(back, 0.44, backH - 0.06, 0.03, 0.02, o.backMat ?? M.mesh(), 0, backH / 2 + 0.03, 0.012);
    if (o.headrest) rbox(back, 0.3, 0.12, 0.06, 0.03, black, 0, backH + 0.1, 0.02);
  }
  rod(g, [0, 0.5, -0.2], [0, 0.62, -0.27], 0.02, black);
  // arms
  for (const sx of [-1, 1]) {
    rod(g, [sx * 0.25, 0.47, 0.0], [sx * 0.28, 0.66, 0.0], 0.015, black);
    rbox(g, 0.07, 0.035, 0.26, 0.015, o.high ? seatMat : black, sx * 0.28, 0.67, 0.02);
  }
}

function rockingChair(p, s) {
  const g = group(p);
  const f = s.frame;
  const W = s.W,
    D = 0.6;
  // rockers: flattened arcs under each side
  const R = 1.3;
  for (const sx of [-1, 1]) {
    let prev;
    for (let k = 0; k <= 12; k++) {
      const a = -0.36 + (k / 12) * 0.72;
      const pt = [sx * (W / 2 - 0.04), R * (1 - Math.cos(a)) + 0.025, R * Math.sin(a) + 0.02];
      if (prev) rod(g, prev, pt, 0.022, f);
      prev = pt;
    }
  }
  const inner = group(g, 0, 0.06, 0);
  woodArmchair(inner, { ...s, W, D, H: s.H - 0.06 }, { cushion: M.fabric('#b44a3a') });
}

function loungeChair(p, s, o = {}) {
  // low, wide, sloped seat: cane shell or leather on a wood frame
  const g = group(p);
  const { W, D } = s;
  const shellMat = o.shell ?? s.main;
  legs(g, W - 0.1, D - 0.1, 0.24, s.frame, { r: 0.022, taper: 0.6, inset: 0.04 });
  const seat = rbox(g, W, 0.12, D, 0.05, shellMat, 0, 0.3, 0);
  seat.rotation.x = -0.06;
  const back = rbox(g, W, 0.58, 0.1, 0.05, shellMat, 0, 0.62, -D / 2 + 0.1);
  back.rotation.x = -0.32;
  for (const sx of [-1, 1]) rbox(g, 0.08, 0.26, D - 0.05, 0.035, shellMat, sx * (W / 2 - 0.04), 0.45, 0);
  const cushion = o.cushion ?? M.fabric('#efe6d6');
  rbox(g, W - 0.2, 0.1, D - 0.2, 0.045, cushion, 0, 0.4, 0.06);
  const bc = rbox(g, W - 0.22, 0.42, 0.1, 0.05, cushion, 0, 0.66, -D / 2 + 0.2);
  bc.rotation.x = -0.32;
  return g;
}

function ottoman(p, s, x, z, w = 0.6, d = 0.5, h = 0.43) {
  const g = group(p, x, 0, z);
  legs(g, w, d, 0.12, s.frame, { r: 0.02, inset: 0.05 });
  rbox(g, w, h - 0.12, d, 0.06, s.main, 0, 0.12 + (h - 0.12) / 2, 0);
}

function pouffe(p, s) {
  const r = s.W / 2,
    h = s.H;
  const body = cyl(p, r * 0.95, r, h - 0.04, s.main, 0, (h - 0.04) / 2, 0, 48);
  body.scale.set(1, 1, 1);
  const top = sphere(p, r * 0.96, s.main, 0, h - 0.05, 0);
  top.scale.set(1, 0.12, 1);
  const stitch = M.paint('#e8d9b5');
  for (let i = 0; i < 4; i++) {
    const t = add(
      p,
      new THREE.TorusGeometry(r * 0.99, 0.006, 6, 64),
      stitch,
      0,
      0.07 + (i * (h - 0.14)) / 3,
      0,
    );
    t.rotation.x = Math.PI / 2;
  }
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    const d = box(p, 0.05, 0.05, 0.01, stitch, Math.cos(a) * r * 0.99, h / 2, Math.sin(a) * r * 0.99);
    d.rotation.set(0, -a + Math.PI / 2, Math.PI / 4);
  }
}

// Tables ---------------------------------------------------------------------------------------
function table(p, s, o = {}) {
  const { W, D, H } = s;
  const g = group(p, o.x ?? 0, 0, o.z ?? 0, o.ry ?? 0);
  const topT = o.topT ?? 0.04;
  const topMat = o.topMat ?? s.main;
  if (o.round) cyl(g, W / 2, W / 2, topT, topMat, 0, H - topT / 2, 0, 48);
  else rbox(g, W, topT, D, 0.008, topMat, 0, H - topT / 2, 0);
  const legMat = o.legMat ?? s.frame;
  if (o.pedestal) {
    cyl(g, 0.04, 0.05, H - topT, legMat, 0, (H - topT) / 2, 0);
    cyl(g, W * 0.3, W * 0.32, 0.03, legMat, 0, 0.015, 0, 32);
  } else if (o.metalFrame) {
    for (const sx of [-1, 1]) {
      const x = sx * (W / 2 - 0.08);
      box(g, 0.05, 0.04, D - 0.05, legMat, x, 0.02, 0);
      box(g, 0.05, H - topT, 0.05, legMat, x, (H - topT) / 2, 0);
      box(g, 0.05, 0.04, D - 0.1, legMat, x, H - topT - 0.02, 0);
    }
    box(g, W - 0.2, 0.06, 0.03, legMat, 0, H - topT - 0.04, -D / 2 + 0.08);
  } else {
    const legH = H - topT;
    legs(g, W, D, legH, legMat, {
      inset: o.inset ?? 0.05,
      r: o.legR ?? 0.025,
      taper: o.taper ?? 0.75,
      square: o.square,
    });
    if (!o.round && !o.noApron) {
      box(g, W - 0.12, 0.07, 0.02, legMat, 0, legH - 0.035, D / 2 - 0.05);
      box(g, W - 0.12, 0.07, 0.02, legMat, 0, legH - 0.035, -D / 2 + 0.05);
    }
  }
  if (o.shelf) box(g, W - 0.1, 0.025, D - 0.1, o.shelfMat ?? topMat, 0, o.shelfY ?? 0.12, 0);
  if (o.drawers) {
    for (let i = 0; i < o.drawers; i++) {
      const dw = (W - 0.14) / o.drawers;
      const x = -W / 2 + 0.07 + dw * (i + 0.5);
      box(g, dw - 0.01, 0.1, 0.02, topMat, x, H - topT - 0.06, D / 2 - 0.04);
      cyl(g, 0.012, 0.012, 0.02, M.brass(), x, H - topT - 0.06, D / 2 - 0.02).rotation.x = Math.PI / 2;
    }
  }
  return g;
}

function coffeeTable(p, s, o = {}) {
  const g = table(p, s, { shelf: true, shelfY: 0.1, inset: 0.06, legR: 0.03, square: true, taper: 1, ...o });
  // decor: a tray with a vase and two books
  box(g, 0.24, 0.03, 0.17, M.paint('#2f4f6f'), -s.W * 0.22, s.H + 0.015, 0.02);
  box(g, 0.22, 0.025, 0.16, M.paint('#d9d4c7'), -s.W * 0.22, s.H + 0.042, 0.02);
  cyl(g, 0.05, 0.06, 0.16, M.paint('#e8e2d6'), s.W * 0.2, s.H + 0.08, -0.05, 24);
  return g;
}

function liftTopTable(p, s) {
  const g = group(p);
  const { W, D, H } = s;
  const legH = 0.08;
  legs(g, W, D, legH, s.main, { inset: 0.05, r: 0.025, square: true, taper: 1 });
  rbox(g, W, H - legH - 0.03, D, 0.01, s.main, 0, legH + (H - legH - 0.03) / 2, 0);
  // an open shelf along the front
  box(g, W - 0.08, 0.1, 0.02, M.paint('#2b2119'), 0, legH + 0.09, D / 2 - 0.005);
  box(g, 0.2, 0.06, 0.14, M.paint('#8c3b2e'), -W * 0.25, legH + 0.08, D / 2 - 0.08);
  // the fixed back of the top and the lifted front, on its struts
  rbox(g, W, 0.03, D * 0.36, 0.006, s.main, 0, H - 0.015, -D * 0.32);
  const lid = group(g, 0, H + 0.16, 0.06);
  rbox(lid, W - 0.02, 0.03, D * 0.62, 0.006, s.main, 0, 0, 0);
  for (const sx of [-1, 1]) {
    rod(
      g,
      [sx * (W / 2 - 0.15), H - 0.05, -0.08],
      [sx * (W / 2 - 0.15), H + 0.145, 0.02],
      0.012,
      M.metal('#2a2a2a'),
    );
    rod(
      g,
      [sx * (W / 2 - 0.15), H - 0.05, 0.12],
      [sx * (W / 2 - 0.15), H + 0.145, 0.02],
      0.012,
      M.metal('#2a2a2a'),
    );
  }
  const lap = group(lid, 0.1, 0.015, 0.02);
  box(lap, 0.32, 0.012, 0.22, M.metal('#b8bbbf', 0.3), 0, 0.006, 0);
}

function sideTable(p, s) {
  const g = group(p);
  cyl(g, s.W / 2, s.W / 2, 0.025, M.marble(), 0, s.H - 0.0125, 0, 48);
  const leg = M.brass();
  for (let i = 0; i < 3; i++) {
    const a = (i / 3) * Math.PI * 2;
    rod(
      g,
      [Math.cos(a) * s.W * 0.3, s.H - 0.03, Math.sin(a) * s.W * 0.3],
      [Math.cos(a) * s.W * 0.4, 0, Math.sin(a) * s.W * 0.4],
      0.012,
      leg,
    );
  }
  const ring = add(g, new THREE.TorusGeometry(s.W * 0.34, 0.008, 8, 48), leg, 0, s.H * 0.35, 0);
  ring.rotation.x = Math.PI / 2;
  cyl(g, 0.04, 0.05, 0.14, M.paint('#3d6b5d'), 0.05, s.H + 0.07, 0.02);
}

function nestingTables(p, s) {
  const sizes = [
    [0.55, 0.4, 0.55],
    [0.45, 0.36, 0.48],
    [0.36, 0.3, 0.41],
  ];
  sizes.forEach(([w, d, h], i) =>
    table(
      p,
      { ...s, W: w, D: d, H: h },
      {
        x: -0.22 + i * 0.28,
        z: i * 0.18,
        topT: 0.025,
        legR: 0.012,
        taper: 1,
        legMat: M.metal('#c9a24a', 0.3),
        noApron: true,
        inset: 0.03,
      },
    ),
  );
}

function consoleTable(p, s) {
  const g = table(p, s, { shelf: true, shelfY: 0.12, drawers: 2, square: true, taper: 1, legR: 0.025 });
  cyl(g, 0.06, 0.07, 0.24, M.paint('#e2ddd2'), -s.W * 0.3, s.H + 0.12, 0);
  box(g, 0.2, 0.04, 0.14, M.paint('#8c3b2e'), s.W * 0.25, s.H + 0.02, 0);
}

function desk(p, s, o = {}) {
  const { W, D, H } = s;
  const g = group(p);
  const main = s.main,
    side = s.second ? M.laminate(s.second) : main;
  rbox(g, W, 0.03, D, 0.005, main, 0, H - 0.015, 0);
  if (o.writing) {
    table(g, s, { drawers: 2, square: true, taper: 1 });
  } else {
    // drawer pedestal right, panel left, modesty panel
    const pw = 0.42;
    box(g, pw, H - 0.03, D - 0.02, side, W / 2 - pw / 2, (H - 0.03) / 2, 0);
    for (let i = 0; i < 3; i++) {
      box(
        g,
        pw - 0.03,
        (H - 0.08) / 3 - 0.015,
        0.015,
        main,
        W / 2 - pw / 2,
        0.03 + ((i + 0.5) * (H - 0.08)) / 3,
        D / 2,
      );
      box(
        g,
        0.12,
        0.012,
        0.02,
        M.metal('#888'),
        W / 2 - pw / 2,
        0.03 + ((i + 0.5) * (H - 0.08)) / 3 + 0.05,
        D / 2 + 0.012,
      );
    }
    box(g, 0.03, H - 0.03, D - 0.02, side, -W / 2 + 0.015, (H - 0.03) / 2, 0);
    box(g, W - pw - 0.03, H * 0.45, 0.015, side, -pw / 2, H * 0.55, -D / 2 + 0.04);
  }
  // laptop and a lamp
  const lap = group(g, -W * 0.12, H, 0);
  box(lap, 0.34, 0.015, 0.24, M.metal('#b8bbbf', 0.3), 0, 0.008, 0.02);
  const scr = box(lap, 0.34, 0.22, 0.01, M.metal('#b8bbbf', 0.3), 0, 0.11, -0.1);
  scr.rotation.x = -0.2;
  cyl(g, 0.06, 0.07, 0.02, M.paint('#222'), -W / 2 + 0.15, H + 0.01, -D / 2 + 0.15);
  rod(g, [-W / 2 + 0.15, H, -D / 2 + 0.15], [-W / 2 + 0.2, H + 0.35, -D / 2 + 0.2], 0.008, M.paint('#222'));
  const shade = cyl(g, 0.04, 0.08, 0.12, M.paint('#e9e4da'), -W / 2 + 0.22, H + 0.36, -D / 2 + 0.22);
  shade.rotation.z = -0.5;
}

function standingDesk(p, s) {
  const { W, D } = s;
  const H = 1.02;
  const g = group(p);
  const frame = M.metal('#1f1f1f', 0.45);
  rbox(g, W, 0.03, D, 0.008, s.second ? M.laminate(s.second) : s.main, 0, H - 0.015, 0);
  for (const sx of [-1, 1]) {
    const x = sx * (W / 2 - 0.15);
    box(g, 0.07, 0.04, D - 0.05, frame, x, 0.02, 0);
    box(g, 0.08, 0.5, 0.06, frame, x, 0.29, 0);
    box(g, 0.065, H - 0.55, 0.05, M.metal('#3a3a3a', 0.35), x, 0.54 + (H - 0.58) / 2, 0);
    box(g, 0.06, 0.03, D - 0.1, frame, x, H - 0.045, 0);
  }
  box(g, W - 0.3, 0.05, 0.03, frame, 0, H - 0.06, -0.05);
  box(g, 0.12, 0.025, 0.05, M.plastic('#111'), W / 2 - 0.25, H - 0.04, D / 2 - 0.02);
  const mon = group(g, 0, H, -D / 2 + 0.15);
  box(mon, 0.2, 0.015, 0.15, frame, 0, 0.008, 0);
  box(mon, 0.04, 0.2, 0.02, frame, 0, 0.1, -0.02);
  box(mon, 0.6, 0.36, 0.025, M.screen(), 0, 0.33, 0);
}

function wallPlane(p, z, w = 3, h = 2.6) {
  const m = new THREE.Mesh(new THREE.PlaneGeometry(w, h), M.paint('#ece8e1'));
  m.position.set(0, h / 2, z);
  m.receiveShadow = true;
  p.add(m);
  return m;
}

function wallDesk(p, s) {
  const { W } = s;
  const g = group(p);
  wallPlane(p, -0.001, 2.2, 2.2);
  const y = 0.75,
    c = s.main;
  box(g, W, 0.6, 0.04, c, 0, y + 0.3, 0.02); // back box
  for (const sx of [-1, 1]) box(g, 0.02, 0.6, 0.2, c, sx * (W / 2 - 0.01), y + 0.3, 0.1);
  box(g, W, 0.02, 0.2, c, 0, y + 0.59, 0.1);
  box(g, W - 0.04, 0.02, 0.18, c, 0, y + 0.3, 0.1);
  // the flap, open: a desk top
  box(g, W, 0.02, 0.42, c, 0, y, 0.21);
  for (const sx of [-1, 1])
    rod(g, [sx * (W / 2 - 0.03), y - 0.01, 0.38], [sx * (W / 2 - 0.03), y + 0.18, 0.19], 0.004, M.chrome());
  books(g, -W / 2 + 0.02, 0, y + 0.31, 0.18, 0.26, 0.1);
  box(g, 0.3, 0.012, 0.21, M.metal('#b8bbbf', 0.3), 0.05, y + 0.017, 0.24);
  const lid = box(g, 0.3, 0.2, 0.008, M.metal('#b8bbbf', 0.3), 0.05, y + 0.11, 0.13);
  lid.rotation.x = -0.25;
}

// Cases: wardrobes, bookshelves, chests ------------------------------------------------------
function handle(g, x, y, z, vertical = true, len = 0.12, mat = M.metal('#b9b2a5', 0.3)) {
  if (vertical) box(g, 0.012, len, 0.02, mat, x, y, z);
  else box(g, len, 0.012, 0.02, mat, x, y, z);
}

function carcass(g, W, D, H, mat, y0 = 0) {
  const t = 0.02;
  box(g, t, H, D, mat, -W / 2 + t / 2, y0 + H / 2, 0);
  box(g, t, H, D, mat, W / 2 - t / 2, y0 + H / 2, 0);
  box(g, W, t, D, mat, 0, y0 + H - t / 2, 0);
  box(g, W, t, D, mat, 0, y0 + t / 2, 0);
  box(g, W, H, 0.01, mat, 0, y0 + H / 2, -D / 2 + 0.005);
}

function caseBase(g, s, W, D, o) {
  if (o.legs) {
    legs(g, W, D, o.legs, s.frame, { inset: 0.04, r: 0.02, taper: 0.7 });
    return o.legs;
  }
  box(g, W - 0.04, o.plinth ?? 0.06, D - 0.04, s.main, 0, (o.plinth ?? 0.06) / 2, 0);
  return o.plinth ?? 0.06;
}

function drawersFront(g, s, W, y0, H, z, rows, cols = 1, mat = s.main, knobs = true) {
  const rh = H / rows,
    cw = W / cols;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const x = -W / 2 + cw * (c + 0.5),
        y = y0 + rh * (r + 0.5);
      rbox(g, cw - 0.012, rh - 0.012, 0.02, 0.004, mat, x, y, z);
      if (knobs) {
        if (cw > 0.5) for (const k of [-1, 1]) sphere(g, 0.014, M.brass(), x + k * cw * 0.25, y, z + 0.02);
        else sphere(g, 0.015, M.brass(), x, y, z + 0.02);
      }
    }
}

function chest(p, s, o = {}) {
  const { W, D, H } = s;
  const g = group(p);
  const y0 = caseBase(g, s, W, D, o);
  box(g, W, H - y0, D - 0.02, s.main, 0, y0 + (H - y0) / 2, -0.01);
  rbox(g, W + 0.02, 0.03, D + 0.01, 0.006, s.main, 0, H - 0.015, 0);
  const front = o.painted ? M.paint(s.mainHex) : s.main;
  drawersFront(g, s, W - 0.04, y0 + 0.01, H - y0 - 0.05, D / 2, o.rows ?? 5, o.cols ?? 1, front);
  if (o.painted) {
    // hand-painted flowers: small blue discs on each drawer
    const blue = M.paint(s.secondHex ?? '#3b6ea8');
    const rows = o.rows ?? 3,
      rh = (H - y0 - 0.05) / rows;
    for (let r = 0; r < rows; r++)
      for (const x of [-0.28, -0.2, 0.2, 0.28].map((v) => v * W)) {
        const d = cyl(g, 0.018, 0.018, 0.004, blue, x, y0 + 0.01 + rh * (r + 0.5), D / 2 + 0.012, 16);
        d.rotation.x = Math.PI / 2;
      }
  }
  if (o.decor !== false) {
    cyl(g, 0.05, 0.06, 0.2, M.paint('#e8e2d6'), W * 0.25, H + 0.1, 0);
    box(g, 0.18, 0.05, 0.14, M.paint('#2f4f6f'), -W * 0.2, H + 0.025, 0);
  }
  return g;
}

function filingCabinet(p, s) {
  const { W, D, H } = s;
  const g = group(p);
  const body = M.metal(s.mainHex, 0.5);
  rbox(g, W, H, D, 0.01, body, 0, H / 2, 0);
  for (let i = 0; i < 3; i++) {
    const y = 0.05 + ((i + 0.5) * (H - 0.08)) / 3;
    rbox(g, W - 0.03, (H - 0.08) / 3 - 0.015, 0.015, 0.004, body, 0, y, D / 2);
    box(g, 0.14, 0.02, 0.025, M.chrome(), 0, y + 0.04, D / 2 + 0.015);
    box(g, 0.06, 0.035, 0.005, M.paint('#f2f2f2'), 0, y + 0.09, D / 2 + 0.01);
  }
  for (const sx of [-1, 1])
    for (const sz of [-1, 1]) sphere(g, 0.022, M.plastic(), sx * (W / 2 - 0.05), 0.02, sz * (D / 2 - 0.05));
  g.position.y = 0.02;
}

function wardrobe(p, s, o = {}) {
  const { W, D, H } = s;
  const g = group(p);
  const y0 = caseBase(g, s, W, D, { plinth: 0.08 });
  box(g, W, H - y0, D - 0.02, s.main, 0, y0 + (H - y0) / 2, -0.01);
  rbox(g, W + 0.02, 0.03, D + 0.01, 0.006, s.main, 0, H - 0.015, 0);
  const doors = o.doors ?? 3;
  const front = s.second ? M.laminate(s.second) : s.main;
  const dw = W / doors,
    z = D / 2;
  if (o.sliding) {
    for (let i = 0; i < doors; i++) {
      const x = -W / 2 + dw * (i + 0.5);
      rbox(
        g,
        dw + 0.02,
        H - y0 - 0.05,
        0.02,
        0.004,
        i % 2 ? front : s.main,
        x,
        y0 + (H - y0 - 0.03) / 2,
        z + (i % 2) * 0.025,
      );
      box(
        g,
        0.015,
        0.5,
        0.015,
        M.metal('#888'),
        x + (i ? -1 : 1) * (dw / 2 - 0.04),
        y0 + (H - y0) / 2,
        z + (i % 2) * 0.025 + 0.015,
      );
    }
    box(g, W, 0.025, 0.06, M.metal('#9a9a9a'), 0, H - 0.045, z + 0.02);
    return g;
  }
  for (let i = 0; i < doors; i++) {
    const x = -W / 2 + dw * (i + 0.5);
    const hgt = H - y0 - (o.drawersBelow ? 0.3 : 0.05);
    const yc = y0 + (o.drawersBelow ? 0.28 : 0.02) + hgt / 2;
    rbox(g, dw - 0.01, hgt, 0.02, 0.004, i === 1 && o.mirror ? M.paint('#e9e5de') : front, x, yc, z);
    if (i === 1 && o.mirror) box(g, dw - 0.12, hgt - 0.2, 0.005, M.mirror(), x, yc, z + 0.012);
    handle(g, x + (i % 2 ? -1 : 1) * (dw / 2 - 0.05), yc, z + 0.02, true, 0.22);
  }
  if (o.drawersBelow) drawersFront(g, s, W - 0.02, y0 + 0.01, 0.26, z, 1, 2, front, false);
  return g;
}

function shelving(p, s, o = {}) {
  const { W, D, H } = s;
  const g = group(p);
  const y0 = o.legs ? caseBase(g, s, W, D, { legs: o.legs }) : 0;
  const h = H - y0;
  carcass(g, W, D, h, s.main, y0);
  const shelves = o.shelves ?? Math.max(3, Math.round(h / 0.36));
  const doorsBelow = o.doorsBelow ?? 0;
  const sh = (h - 0.04 - doorsBelow) / shelves;
  for (let i = 1; i < shelves; i++)
    box(g, W - 0.04, 0.02, D - 0.02, s.main, 0, y0 + doorsBelow + 0.02 + sh * i, 0);
  if (doorsBelow) {
    box(g, W - 0.04, 0.02, D - 0.02, s.main, 0, y0 + doorsBelow + 0.02, 0);
    const n = W > 0.7 ? 2 : 1;
    for (let i = 0; i < n; i++) {
      const x = -W / 2 + 0.02 + ((W - 0.04) / n) * (i + 0.5);
      rbox(
        g,
        (W - 0.04) / n - 0.008,
        doorsBelow - 0.01,
        0.02,
        0.004,
        o.doorMat ?? s.main,
        x,
        y0 + 0.02 + doorsBelow / 2,
        D / 2,
      );
      sphere(
        g,
        0.014,
        M.brass(),
        x + (i ? -1 : 1) * ((W - 0.04) / n / 2 - 0.05),
        y0 + doorsBelow * 0.6,
        D / 2 + 0.02,
      );
    }
  }
  for (let i = 0; i < shelves; i++) {
    const y = y0 + doorsBelow + 0.03 + sh * i;
    if (o.content === 'shoes') shoes(g, -W / 2 + 0.04, W / 2 - 0.04, y, sh);
    else if (o.content === 'crockery') crockery(g, -W / 2 + 0.04, W / 2 - 0.04, y, sh, D);
    else books(g, -W / 2 + 0.02, W / 2 - 0.02, y, D, sh - 0.02);
  }
  if (o.glass) {
    const n = W > 0.7 ? 2 : 1;
    const gw = (W - 0.04) / n,
      gh = h - 0.04 - doorsBelow;
    for (let i = 0; i < n; i++) {
      const x = -W / 2 + 0.02 + gw * (i + 0.5),
        y = y0 + doorsBelow + 0.02 + gh / 2;
      for (const [fw, fh, dx, dy] of [
        [gw, 0.04, 0, gh / 2 - 0.02],
        [gw, 0.04, 0, -gh / 2 + 0.02],
        [0.04, gh, -gw / 2 + 0.02, 0],
        [0.04, gh, gw / 2 - 0.02, 0],
      ])
        box(g, fw, fh, 0.022, s.main, x + dx, y + dy, D / 2 + 0.001);
      box(g, gw - 0.06, gh - 0.06, 0.004, M.glass(), x, y, D / 2);
    }
  }
  if (o.crown) rbox(g, W + 0.04, 0.04, D + 0.03, 0.008, s.main, 0, H + 0.02, 0);
  return g;
}

function shoes(g, x0, x1, y, sh) {
  const cols = ['#2a2a2a', '#7a4a2a', '#e8e4dc', '#a33a2e', '#34507a'];
  for (let x = x0 + 0.07; x < x1 - 0.07; x += 0.17) {
    const c = M.leather(cols[Math.floor(rnd() * cols.length)]);
    for (const dx of [-0.035, 0.035]) {
      const sh1 = rbox(g, 0.065, Math.min(0.08, sh - 0.02), 0.2, 0.03, c, x + dx, y + 0.04, 0.01);
      sh1.rotation.y = dx * 2;
    }
  }
}

function crockery(g, x0, x1, y, sh, D) {
  const white = M.paint('#f4f2ee'),
    blue = M.paint('#5c7ea3');
  for (let x = x0 + 0.08; x < x1 - 0.06; x += 0.16) {
    const k = rnd();
    if (k < 0.4) {
      const pl = cyl(g, 0.1, 0.1, 0.012, white, x, y + 0.11, -D / 2 + 0.04, 32);
      pl.rotation.x = Math.PI / 2 - 0.15;
    } else if (k < 0.7) {
      for (let i = 0; i < 3; i++)
        cyl(g, 0.035, 0.03, 0.08, i % 2 ? blue : white, x + (i - 1) * 0.04, y + 0.04, 0.0);
    } else {
      cyl(g, 0.045, 0.05, Math.min(0.2, sh - 0.05), blue, x, y + Math.min(0.2, sh - 0.05) / 2, 0);
    }
  }
}

function tvUnit(p, s) {
  const { W, D, H } = s;
  const g = group(p);
  const y0 = caseBase(g, s, W, D, { legs: 0.1 });
  box(g, W, H - y0, D - 0.02, s.main, 0, y0 + (H - y0) / 2, -0.01);
  const front = s.second ? M.paint(s.secondHex) : s.main;
  const n = 3,
    dw = (W - 0.04) / n;
  for (let i = 0; i < n; i++) {
    const x = -W / 2 + 0.02 + dw * (i + 0.5);
    if (i === 1) {
      box(g, dw - 0.01, H - y0 - 0.06, D - 0.06, M.paint('#2b2119'), x, y0 + (H - y0) / 2, 0.02);
      box(g, 0.3, 0.06, 0.22, M.plastic('#151515'), x, y0 + 0.07, 0.02);
    } else {
      rbox(g, dw - 0.01, H - y0 - 0.04, 0.02, 0.004, front, x, y0 + (H - y0) / 2, D / 2);
      box(g, 0.14, 0.012, 0.02, M.metal('#b9b2a5', 0.3), x, H - 0.06, D / 2 + 0.02);
    }
  }
  // the television
  const tv = group(g, 0, H, -D / 2 + 0.15);
  box(tv, 0.3, 0.015, 0.18, M.metal('#222'), 0, 0.008, 0);
  box(tv, 0.05, 0.1, 0.03, M.metal('#222'), 0, 0.06, -0.02);
  box(tv, 1.22, 0.7, 0.03, M.screen(), 0, 0.46, 0);
  cyl(g, 0.06, 0.08, 0.26, M.paint('#d7cfc1'), W / 2 - 0.2, H + 0.13, 0);
  sphere(g, 0.13, M.leaf(), W / 2 - 0.2, H + 0.38, 0).scale.set(1, 1.3, 1);
}

function trunk(p, s) {
  const { W, D, H } = s;
  const g = group(p);
  rbox(g, W, H - 0.12, D, 0.01, s.main, 0, (H - 0.12) / 2, 0);
  const lid = rbox(g, W + 0.01, 0.12, D + 0.01, 0.04, s.main, 0, H - 0.06, 0);
  lid.scale.set(1, 1, 1);
  const brass = M.brass();
  for (const x of [-W / 2 + 0.08, -W / 6, W / 6, W / 2 - 0.08]) {
    box(g, 0.04, H - 0.02, 0.006, brass, x, H / 2, D / 2 + 0.004);
    box(g, 0.04, 0.006, D + 0.012, brass, x, H + 0.001, 0);
  }
  box(g, W, 0.03, 0.006, brass, 0, H - 0.14, D / 2 + 0.004);
  box(g, 0.07, 0.09, 0.02, brass, 0, H - 0.13, D / 2 + 0.01);
  for (const sx of [-1, 1]) {
    const h = add(
      g,
      new THREE.TorusGeometry(0.05, 0.008, 8, 24, Math.PI),
      brass,
      sx * (W / 2 + 0.01),
      H * 0.6,
      0,
    );
    h.rotation.set(Math.PI, Math.PI / 2, 0);
  }
  // inlay motifs
  for (const x of [-W / 3 + 0.02, 0, W / 3 - 0.02]) {
    const m = add(g, new THREE.TorusGeometry(0.06, 0.006, 8, 32), brass, x, (H - 0.14) / 2, D / 2 + 0.004);
    sphere(g, 0.015, brass, x, (H - 0.14) / 2, D / 2 + 0.004);
    m.scale.set(1, 1, 0.3);
  }
}

function bedsideTable(p, s, o = {}) {
  const { W, D, H } = s;
  const g = group(p, o.x ?? 0, 0, o.z ?? 0);
  const y0 = caseBase(g, s, W, D, { legs: 0.12 });
  box(g, W, H - y0, D - 0.02, s.main, 0, y0 + (H - y0) / 2, -0.01);
  rbox(g, W + 0.02, 0.025, D + 0.01, 0.006, s.main, 0, H - 0.012, 0);
  drawersFront(
    g,
    s,
    W - 0.04,
    y0 + 0.01,
    H - y0 - 0.04,
    D / 2,
    2,
    1,
    s.second ? M.paint(s.secondHex) : s.main,
  );
  if (o.lamp !== false) {
    cyl(g, 0.05, 0.06, 0.2, M.paint('#d8cfc0'), 0, H + 0.1, -0.03);
    cyl(g, 0.09, 0.13, 0.16, M.linen('#f3ede2'), 0, H + 0.28, -0.03);
  }
}

function dressingTable(p, s) {
  const { W, D, H } = s;
  const g = group(p);
  const legsH = 0.12;
  legs(g, W, D, legsH, s.frame, { inset: 0.04, r: 0.02 });
  const deskH = 0.76;
  box(g, W, deskH - legsH, D - 0.02, s.main, 0, legsH + (deskH - legsH) / 2, -0.01);
  rbox(g, W + 0.02, 0.025, D + 0.01, 0.006, s.main, 0, deskH, 0);
  drawersFront(g, s, W - 0.04, legsH + 0.01, deskH - legsH - 0.03, D / 2, 3, 2, s.main);
  // mirror: oval frame with a mirror inside
  const mh = H - deskH - 0.05;
  const mir = group(g, 0, deskH + 0.02 + mh / 2, -D / 2 + 0.06);
  const frame = add(mir, new THREE.TorusGeometry(1, 0.04, 12, 48), s.main);
  frame.scale.set(W * 0.33, mh * 0.5, 1);
  const glass = add(mir, new THREE.CircleGeometry(1, 48), M.mirror());
  glass.scale.set(W * 0.33, mh * 0.5, 1);
  box(g, 0.04, mh * 0.5, 0.03, s.main, 0, deskH + mh * 0.2, -D / 2 + 0.03);
  // stool
  const st = group(g, 0, 0, D / 2 + 0.28);
  legs(st, 0.42, 0.32, 0.4, s.frame, { inset: 0.04, r: 0.018 });
  rbox(st, 0.44, 0.08, 0.34, 0.035, M.velvet('#d9b7a7'), 0, 0.44, 0);
  for (let i = 0; i < 3; i++)
    cyl(
      g,
      0.025,
      0.025,
      0.1 + i * 0.03,
      M.paint(['#e3b7b0', '#f0ece4', '#c9a14a'][i]),
      W * 0.3 + i * 0.06,
      deskH + 0.06 + i * 0.015,
      0,
    );
}

function floorMirror(p, s) {
  const g = group(p);
  const tilt = group(g, 0, 0, 0);
  tilt.rotation.x = -0.12;
  const W = s.W,
    H = s.H;
  rbox(tilt, W, H, 0.05, 0.01, s.main, 0, H / 2, 0);
  box(tilt, W - 0.12, H - 0.12, 0.01, M.mirror(), 0, H / 2, 0.026);
  for (const sx of [-1, 1])
    rod(g, [sx * (W / 2 - 0.1), H * 0.6, -0.06], [sx * (W / 2 - 0.15), 0, -0.4], 0.018, s.frame);
}

function jaaliAlpha() {
  // white = wood, black = hole: a diamond-and-circle lattice
  return canvasTexture(
    'jaali',
    256,
    (g, s) => {
      g.fillStyle = '#fff';
      g.fillRect(0, 0, s, s);
      g.fillStyle = '#000';
      const n = 4,
        c = s / n;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const x = c * (i + 0.5),
            y = c * (j + 0.5);
          g.beginPath();
          g.moveTo(x, y - c * 0.4);
          g.lineTo(x + c * 0.4, y);
          g.lineTo(x, y + c * 0.4);
          g.lineTo(x - c * 0.4, y);
          g.closePath();
          g.fill();
          g.beginPath();
          g.arc(c * i, c * j, c * 0.12, 0, Math.PI * 2);
          g.fill();
        }
    },
    1,
    false,
  );
}

function roomDivider(p, s) {
  const n = 4,
    pw = s.W / n,
    H = s.H;
  const alpha = jaaliAlpha().clone();
  alpha.repeat.set(2, 6);
  alpha.needsUpdate = true;
  const lattice = s.main.clone();
  lattice.alphaMap = alpha;
  lattice.alphaTest = 0.5;
  lattice.side = THREE.DoubleSide;
  for (let i = 0; i < n; i++) {
    const a = (i % 2 ? -1 : 1) * 0.35;
    const x = -s.W / 2 + pw * (i + 0.5);
    const g = group(p, x * 0.93, 0, (i % 2) * 0.16, a);
    box(g, pw, 0.06, 0.03, s.main, 0, 0.12, 0);
    box(g, pw, 0.06, 0.03, s.main, 0, H - 0.03, 0);
    box(g, pw, 0.04, 0.03, s.main, 0, 0.12 + (H - 0.15) * 0.33, 0);
    for (const sx of [-1, 1]) box(g, 0.05, H, 0.035, s.main, sx * (pw / 2 - 0.025), H / 2, 0);
    const lh = H - 0.21,
      lw = pw - 0.1;
    add(g, new THREE.BoxGeometry(lw, lh, 0.012), lattice, 0, 0.15 + lh / 2, 0);
  }
}

function clothesStand(p, s) {
  const g = group(p);
  const H = s.H;
  cyl(g, 0.022, 0.028, H, s.main, 0, H / 2, 0);
  sphere(g, 0.035, s.main, 0, H + 0.02, 0);
  for (let i = 0; i < 3; i++) {
    const a = (i / 3) * Math.PI * 2;
    rod(g, [0, 0.3, 0], [Math.cos(a) * 0.28, 0.0, Math.sin(a) * 0.28], 0.018, s.main);
  }
  for (let i = 0; i < 4; i++) {
    const a = (i / 4) * Math.PI * 2 + 0.4;
    rod(g, [0, H - 0.15, 0], [Math.cos(a) * 0.16, H - 0.03, Math.sin(a) * 0.16], 0.012, s.main);
    sphere(g, 0.018, s.main, Math.cos(a) * 0.16, H - 0.03, Math.sin(a) * 0.16);
  }
  // a scarf and a tote on the hooks
  const scarf = rbox(g, 0.16, 0.55, 0.03, 0.012, M.fabric('#b5652d'), 0.13, H - 0.33, 0.06);
  scarf.rotation.y = 0.6;
  const tote = rbox(g, 0.3, 0.34, 0.1, 0.03, M.leather('#7a4a2a'), -0.12, H - 0.45, -0.08);
  tote.rotation.y = 2.1;
}

// Beds -------------------------------------------------------------------------------------------
function bed(p, s, o = {}) {
  const { W, L } = s;
  const H = s.H;
  const g = group(p);
  const baseH = 0.38,
    legH = o.metal ? 0.25 : 0.08;
  const frame = s.main;
  if (o.metal) {
    const mt = M.metal(s.mainHex, 0.45);
    for (const sx of [-1, 1])
      for (const sz of [-1, 1])
        box(g, 0.04, legH + 0.12, 0.04, mt, sx * (W / 2 - 0.03), (legH + 0.12) / 2, sz * (L / 2 - 0.03));
    box(g, 0.04, 0.1, L, mt, -W / 2 + 0.02, legH + 0.05, 0);
    box(g, 0.04, 0.1, L, mt, W / 2 - 0.02, legH + 0.05, 0);
    box(g, W, 0.1, 0.04, mt, 0, legH + 0.05, L / 2 - 0.02);
    box(g, W - 0.04, 0.03, L - 0.04, M.paint('#3a3a3a'), 0, legH + 0.09, 0);
    // headboard: a frame with vertical bars
    const hb = group(g, 0, 0, -L / 2 + 0.02);
    for (const sx of [-1, 1]) box(hb, 0.045, H, 0.045, mt, sx * (W / 2 - 0.03), H / 2, 0);
    box(hb, W, 0.045, 0.045, mt, 0, H - 0.02, 0);
    box(hb, W, 0.035, 0.035, mt, 0, legH + 0.35, 0);
    for (let i = 1; i < 12; i++)
      box(hb, 0.02, H - legH - 0.38, 0.02, mt, -W / 2 + (W / 12) * i, legH + 0.35 + (H - legH - 0.38) / 2, 0);
  } else {
    if (!o.boxBase) legs(g, W, L, legH, s.frame, { inset: 0.06, r: 0.03, square: true, taper: 1 });
    const by = o.boxBase ? 0 : legH;
    rbox(g, W, baseH - by, L, 0.01, frame, 0, by + (baseH - by) / 2, 0);
    if (o.storage) {
      for (let i = 0; i < 2; i++) {
        const z = -L / 2 + 0.45 + (i * (L - 0.7)) / 2 + (L - 0.7) / 4;
        rbox(
          g,
          0.015,
          baseH - by - 0.1,
          (L - 0.7) / 2 - 0.03,
          0.004,
          frame,
          W / 2 + 0.005,
          by + (baseH - by) / 2,
          z,
        );
        box(g, 0.02, 0.012, 0.16, M.metal('#b9b2a5', 0.3), W / 2 + 0.018, by + (baseH - by) / 2 + 0.06, z);
      }
    }
    // headboard
    const hbH = H - 0.0;
    const hbMat = o.upholstered ? s.main : frame;
    if (o.upholstered) {
      rbox(g, W + 0.12, hbH, 0.12, 0.05, hbMat, 0, hbH / 2, -L / 2 - 0.04);
      const nv = Math.max(4, Math.round(W / 0.25));
      for (let i = 0; i < nv; i++) {
        const ch = rbox(
          g,
          W / nv - 0.015,
          hbH - baseH - 0.12,
          0.06,
          0.03,
          hbMat,
          -W / 2 + (W / nv) * (i + 0.5),
          baseH + (hbH - baseH) / 2,
          -L / 2 + 0.03,
        );
        ch.scale.z = 1;
      }
    } else {
      rbox(g, W + 0.08, hbH, 0.06, 0.015, frame, 0, hbH / 2, -L / 2 - 0.02);
      // panels
      const np = W > 1.3 ? 3 : 2;
      for (let i = 0; i < np; i++) {
        const x = -W / 2 + 0.08 + ((W - 0.16) / np) * (i + 0.5);
        rbox(
          g,
          (W - 0.16) / np - 0.06,
          hbH - baseH - 0.2,
          0.02,
          0.008,
          s.frame,
          x,
          baseH + 0.1 + (hbH - baseH - 0.2) / 2,
          -L / 2 + 0.015,
        );
      }
      if (o.carved) {
        rbox(g, W + 0.14, 0.08, 0.09, 0.03, frame, 0, hbH + 0.02, -L / 2 - 0.02);
        for (const sx of [-1, 1]) sphere(g, 0.05, frame, sx * (W / 2 + 0.04), hbH + 0.08, -L / 2 - 0.02);
      }
      // footboard
      rbox(g, W + 0.04, baseH + 0.12, 0.05, 0.012, frame, 0, (baseH + 0.12) / 2, L / 2 + 0.01);
    }
    if (o.posts) {
      for (const sx of [-1, 1])
        for (const sz of [-1, 1])
          cyl(g, 0.04, 0.045, 2.1, frame, sx * (W / 2 + 0.02), 1.05, sz * (L / 2 + 0.02));
      for (const sz of [-1, 1]) box(g, W + 0.1, 0.06, 0.06, frame, 0, 2.07, sz * (L / 2 + 0.02));
      for (const sx of [-1, 1]) box(g, 0.06, 0.06, L + 0.1, frame, sx * (W / 2 + 0.02), 2.07, 0);
    }
  }
  // mattress, duvet, pillows
  const mtop = (o.metal ? legH + 0.1 : baseH) + 0.2;
  rbox(g, W - 0.05, 0.2, L - 0.06, 0.05, M.linen('#f6f4ef'), 0, mtop - 0.1, 0.0);
  const duvet = M.fabric(o.duvet ?? '#d8cfc2');
  rbox(g, W + 0.02, 0.06, L * 0.62, 0.03, duvet, 0, mtop + 0.02, L / 2 - L * 0.31);
  rbox(g, W + 0.02, 0.25, 0.04, 0.02, duvet, 0, mtop - 0.1, L / 2 + 0.01);
  rbox(g, W * 0.92, 0.035, 0.35, 0.015, M.fabric(o.throwColour ?? '#8a9a8c'), 0, mtop + 0.06, L / 2 - 0.45);
  const np = W > 1.2 ? 2 : 1;
  for (let i = 0; i < np; i++) {
    const x = np === 1 ? 0 : (i - 0.5) * W * 0.48;
    const pl = rbox(
      g,
      Math.min(0.7, W / np - 0.08),
      0.14,
      0.42,
      0.07,
      M.linen('#ffffff'),
      x,
      mtop + 0.07,
      -L / 2 + 0.3,
    );
    pl.rotation.x = -0.35;
  }
  if (np === 2) {
    const cp = rbox(
      g,
      0.42,
      0.36,
      0.12,
      0.06,
      M.velvet(o.accent ?? '#c9a14a'),
      -W * 0.12,
      mtop + 0.17,
      -L / 2 + 0.48,
    );
    cp.rotation.set(-0.25, 0.15, 0);
  }
}

// Benches, dining --------------------------------------------------------------------------------
function bench(p, s, o = {}) {
  const { W, D, H } = s;
  const g = group(p, o.x ?? 0, 0, o.z ?? 0, o.ry ?? 0);
  if (o.upholstered) {
    legs(g, W, D, H - 0.14, s.frame, { inset: 0.05, r: 0.022, taper: 0.6 });
    rbox(g, W, 0.04, D, 0.008, s.frame, 0, H - 0.16, 0);
    rbox(g, W, 0.13, D, 0.05, s.main, 0, H - 0.075, 0);
    if (o.tufted)
      for (let i = 1; i < 6; i++) sphere(g, 0.012, M.paint('#6a5010'), -W / 2 + (W / 6) * i, H, 0);
  } else {
    rbox(g, W, 0.05, D, 0.008, s.main, 0, H - 0.025, 0);
    for (const sx of [-1, 1]) {
      box(g, 0.06, H - 0.05, D - 0.08, s.main, sx * (W / 2 - 0.1), (H - 0.05) / 2, 0);
    }
    box(g, W - 0.26, 0.04, 0.04, s.main, 0, 0.12, 0);
  }
  return g;
}

function gardenBench(p, s) {
  const { W, D, H } = s;
  const g = group(p);
  const f = s.main,
    seatY = 0.45;
  for (const sx of [-1, 1]) {
    const x = sx * (W / 2 - 0.04);
    box(g, 0.06, 0.7, 0.06, f, x, 0.35, D / 2 - 0.05);
    box(g, 0.06, H, 0.06, f, x, H / 2, -D / 2 + 0.05);
    box(g, 0.08, 0.04, D + 0.04, f, x, 0.68, 0.01);
    box(g, 0.05, 0.05, D - 0.1, f, x, seatY - 0.05, 0);
  }
  for (let i = 0; i < 5; i++) box(g, W - 0.12, 0.025, 0.07, f, 0, seatY, -D / 2 + 0.1 + i * ((D - 0.17) / 4));
  const back = group(g, 0, 0, -D / 2 + 0.07);
  back.rotation.x = -0.12;
  box(back, W - 0.12, 0.08, 0.03, f, 0, H - 0.08, 0);
  box(back, W - 0.12, 0.05, 0.03, f, 0, seatY + 0.08, 0);
  for (let i = 0; i < 11; i++)
    box(
      back,
      0.035,
      H - seatY - 0.17,
      0.02,
      f,
      -W / 2 + 0.15 + i * ((W - 0.3) / 10),
      (H + seatY) / 2 - 0.0,
      0,
    );
  box(g, W - 0.12, 0.05, 0.04, f, 0, 0.12, 0);
}

function diningChair(p, s, x, z, ry, o = {}) {
  const g = group(p, x, 0, z, ry);
  const f = o.frame ?? s.frame;
  const seatY = 0.46;
  legs(g, 0.44, 0.44, seatY - 0.04, f, {
    inset: 0.03,
    r: 0.02,
    square: !o.upholstered,
    taper: o.upholstered ? 0.6 : 1,
  });
  if (o.upholstered) {
    rbox(g, 0.46, 0.1, 0.46, 0.04, o.seat ?? s.main, 0, seatY, 0);
    const b = rbox(g, 0.44, 0.5, 0.08, 0.04, o.seat ?? s.main, 0, seatY + 0.3, -0.2);
    b.rotation.x = -0.1;
  } else {
    rbox(g, 0.46, 0.04, 0.46, 0.01, f, 0, seatY - 0.02, 0);
    rbox(g, 0.4, 0.05, 0.38, 0.02, o.seat ?? M.fabric('#d9c8a9'), 0, seatY + 0.025, 0.02);
    for (const sx of [-1, 1]) box(g, 0.04, 0.5, 0.04, f, sx * 0.2, seatY + 0.25, -0.2);
    box(g, 0.4, 0.1, 0.025, f, 0, seatY + 0.44, -0.2);
    for (let i = -1; i <= 1; i++) box(g, 0.03, 0.32, 0.02, f, i * 0.1, seatY + 0.22, -0.2);
  }
  return g;
}

function diningSet(p, s, o = {}) {
  const { W, D } = s;
  const H = 0.76;
  table(
    p,
    { ...s, H },
    {
      topMat: o.marble ? M.marble() : s.main,
      legMat: s.frame,
      square: true,
      taper: 1,
      legR: 0.035,
      inset: 0.08,
    },
  );
  const seat = o.seat;
  const chairs = o.chairs ?? 0;
  const perSide = chairs >= 4 ? 2 : 1;
  const place = [];
  for (let i = 0; i < perSide; i++) {
    const x = perSide === 1 ? 0 : (i - (perSide - 1) / 2) * (W / perSide);
    place.push([x, D / 2 + 0.22, Math.PI], [x, -D / 2 - 0.22, 0]);
  }
  if (chairs >= 6) place.push([W / 2 + 0.25, 0, -Math.PI / 2], [-W / 2 - 0.25, 0, Math.PI / 2]);
  for (const [x, z, ry] of place.slice(0, chairs))
    diningChair(p, s, x, z, ry, { seat, upholstered: o.upholstered });
  // a bowl of fruit
  cyl(p, 0.14, 0.08, 0.08, M.paint('#e8e2d6'), 0, H + 0.04, 0, 32);
  for (const [dx, dz, c] of [
    [0.04, 0, '#c9472f'],
    [-0.04, 0.03, '#e0a526'],
    [0, -0.04, '#6b9a3b'],
  ])
    sphere(p, 0.04, M.paint(c), dx, H + 0.1, dz);
}

// Outdoor ------------------------------------------------------------------------------------------
function wickerChair(p, s, x, z, ry, o = {}) {
  const g = group(p, x, 0, z, ry);
  const wk = M.wicker(o.hex ?? s.mainHex);
  const W = o.W ?? 0.62,
    D = o.D ?? 0.62;
  rbox(g, W, 0.4, D, 0.06, wk, 0, 0.2, 0);
  rbox(g, W, 0.45, 0.1, 0.05, wk, 0, 0.6, -D / 2 + 0.05);
  for (const sx of [-1, 1]) rbox(g, 0.09, 0.25, D, 0.04, wk, sx * (W / 2 - 0.045), 0.52, 0);
  const cush = M.fabric(o.cushion ?? '#ebe4d8');
  rbox(g, W - 0.2, 0.09, D - 0.14, 0.04, cush, 0, 0.44, 0.04);
  const bc = rbox(g, W - 0.22, 0.34, 0.09, 0.04, cush, 0, 0.66, -D / 2 + 0.14);
  bc.rotation.x = -0.15;
  return g;
}

function roundGlassTable(p, x, z, r, h, wickerHex) {
  const g = group(p, x, 0, z);
  cyl(g, r * 0.75, r * 0.6, h - 0.02, M.wicker(wickerHex), 0, (h - 0.02) / 2, 0, 32);
  cyl(g, r, r, 0.012, M.glass(), 0, h - 0.006, 0, 48);
  cyl(g, 0.05, 0.04, 0.12, M.paint('#d6cfc1'), 0, h + 0.06, 0);
  return g;
}

function balconySet(p, s) {
  wickerChair(p, s, -0.5, 0, 0.45);
  wickerChair(p, s, 0.5, 0, -0.45);
  roundGlassTable(p, 0, 0.5, 0.25, 0.5, s.mainHex);
}

function outdoorSofaSet(p, s) {
  wickerChair(p, s, 0, -0.3, 0, { W: 1.3, D: 0.7, cushion: '#f0ede6' });
  wickerChair(p, s, -1.1, 0.4, 0.9, { cushion: '#f0ede6' });
  wickerChair(p, s, 1.1, 0.4, -0.9, { cushion: '#f0ede6' });
  const t = group(p, 0, 0, 0.6);
  rbox(t, 0.9, 0.36, 0.5, 0.03, M.wicker(s.mainHex), 0, 0.18, 0);
  box(t, 0.9, 0.01, 0.5, M.glass(), 0, 0.365, 0);
}

function patioChairs(p, s) {
  for (const [x, ry] of [
    [-0.3, 0.35],
    [0.32, -0.3],
  ]) {
    const g = group(p, x, 0, 0, ry);
    const f = s.main;
    rod(g, [-0.22, 0, 0.25], [-0.22, 0.88, -0.2], 0.018, f);
    rod(g, [0.22, 0, 0.25], [0.22, 0.88, -0.2], 0.018, f);
    rod(g, [-0.22, 0, -0.25], [-0.22, 0.45, 0.15], 0.018, f);
    rod(g, [0.22, 0, -0.25], [0.22, 0.45, 0.15], 0.018, f);
    for (let i = 0; i < 5; i++) box(g, 0.46, 0.02, 0.06, f, 0, 0.45, -0.14 + i * 0.07);
    for (let i = 0; i < 4; i++) {
      const t = 0.6 + i * 0.08;
      box(g, 0.46, 0.07, 0.018, f, 0, t * 0.88 + 0.05, 0.25 - t * 0.45 - 0.02).rotation.x = -0.47;
    }
  }
}

function sunLounger(p, s) {
  const g = group(p);
  const { W, L } = s;
  const f = s.main;
  const y = 0.3;
  for (const sx of [-1, 1]) box(g, 0.05, 0.08, L, f, sx * (W / 2 - 0.025), y, 0);
  for (const sx of [-1, 1])
    for (const z of [L / 2 - 0.1]) box(g, 0.05, y, 0.05, f, sx * (W / 2 - 0.025), y / 2, z);
  for (const sx of [-1, 1]) {
    const w = cyl(g, 0.08, 0.08, 0.04, M.plastic('#2a2a2a'), sx * (W / 2 + 0.02), 0.08, -L / 2 + 0.12, 24);
    w.rotation.z = Math.PI / 2;
  }
  for (let i = 0; i < 12; i++) box(g, W - 0.1, 0.02, 0.07, f, 0, y + 0.03, -L / 2 + 0.7 + i * 0.1);
  const back = group(g, 0, y + 0.03, -L / 2 + 0.68);
  back.rotation.x = 0.75;
  for (let i = 0; i < 7; i++) box(back, W - 0.1, 0.02, 0.07, f, 0, 0, -0.05 - i * 0.09);
  for (const sx of [-1, 1]) box(back, 0.04, 0.04, 0.65, f, sx * (W / 2 - 0.07), -0.02, -0.32);
  rbox(g, W - 0.14, 0.05, 0.35, 0.02, M.fabric('#f0ede6'), 0, y + 0.07, L / 2 - 0.4);
}

function swing(p, s) {
  const g = group(p);
  const steel = M.metal('#2b2b2b', 0.4);
  const H = s.H;
  // C-shaped stand: base and an arc
  const base = cyl(g, 0.45, 0.45, 0.04, steel, 0, 0.02, 0, 8);
  base.scale.set(1, 1, 0.35);
  const arc = add(g, new THREE.TorusGeometry(0.85, 0.03, 12, 48, Math.PI * 1.1), steel, 0.05, H - 0.85, -0.1);
  arc.rotation.set(0, Math.PI / 2, Math.PI / 2 + 0.35);
  rod(g, [0, 0.03, -0.2], [0, H - 1.0, -0.9], 0.03, steel);
  rod(g, [0, 0.04, -0.9], [0, H - 1.0, -0.9], 0.03, steel);
  cyl(g, 0.3, 0.3, 0.04, steel, 0, 0.02, -0.7, 16).scale.set(1, 1, 0.5);
  // hook, chain and cocoon
  const top = [0, H - 0.04, 0.05];
  rod(g, top, [0, 1.35, 0.05], 0.01, M.chrome());
  const cocoon = group(g, 0, 0.95, 0.05);
  const shell = add(
    cocoon,
    new THREE.SphereGeometry(0.5, 40, 24, 0, Math.PI * 2, 0, Math.PI * 0.62),
    M.wicker(s.mainHex),
  );
  shell.material = shell.material.clone();
  shell.material.side = THREE.DoubleSide;
  shell.rotation.x = Math.PI * 0.62;
  shell.scale.set(1, 1.2, 1);
  const rim = add(
    cocoon,
    new THREE.TorusGeometry(0.5 * Math.sin(Math.PI * 0.62), 0.025, 8, 48),
    M.wicker(s.mainHex),
  );
  rim.position.set(0, 0.5 * 1.2 * Math.cos(Math.PI * 0.62) * Math.cos(Math.PI * 0.62), 0);
  rim.rotation.x = Math.PI * 0.62 - Math.PI / 2;
  rim.visible = false;
  const cush = sphere(cocoon, 0.38, M.fabric('#f1ebdf'), 0, -0.2, 0.05);
  cush.scale.set(1, 0.3, 1);
  const bc = sphere(cocoon, 0.34, M.fabric('#f1ebdf'), 0, 0.08, -0.2);
  bc.scale.set(1, 0.9, 0.3);
  rod(g, [0, 1.35, 0.05], [0, 1.4, 0.05], 0.02, M.chrome());
}

// ---------------------------------------------------------------------------------------------
// Product → piece kind and its parameters.
function parseDims(text) {
  const num = (re) => {
    const m = re.exec(text || '');
    return m ? parseFloat(m[1]) / 100 : undefined;
  };
  const diameter = num(/diameter\s+(\d+(?:\.\d+)?)/i);
  const W = num(/W\s+(\d+(?:\.\d+)?)/) ?? diameter;
  const D = num(/D\s+(\d+(?:\.\d+)?)/) ?? diameter;
  const L = num(/L\s+(\d+(?:\.\d+)?)/);
  const H = num(/H\s+(\d+(?:\.\d+)?)/);
  return { W, D, L, H };
}

function materialFor(material, hex) {
  const m = (material || '').toLowerCase();
  if (/velvet/.test(m)) return M.velvet(hex);
  if (/leather/.test(m)) return M.leather(hex);
  if (/mesh/.test(m)) return M.fabric(hex);
  if (/fabric/.test(m)) return M.fabric(hex);
  if (/wicker|cane|rattan/.test(m)) return M.wicker(hex);
  if (/engineered/.test(m)) return M.laminate(hex);
  if (/^metal$/.test(m)) return M.metal(hex, 0.5);
  if (/wood|sheesham|teak|mango|acacia/.test(m)) return M.wood(hex, /mango|distressed/.test(m) ? 0.8 : 1);
  return M.paint(hex);
}

const KINDS = [
  [/bean bag/, 'bean bag', (p, s) => beanBag(p, { ...s, W: 0.95, H: 0.85 })],
  [/swing/, 'hanging swing chair', (p, s) => swing(p, { ...s, H: 1.95 })],
  [/balcony set/, 'balcony set', balconySet],
  [/outdoor sofa/, 'outdoor sofa set', outdoorSofaSet],
  [/patio chair/, 'folding patio chairs', patioChairs],
  [/lounger/, 'sun lounger', (p, s) => sunLounger(p, { ...s, W: 0.65, L: 1.95 })],
  [/garden bench/, 'garden bench', gardenBench],
  [/office chair|mesh/, 'office chair', (p, s) => officeChair(p, s, { headrest: true })],
  [/executive/, 'executive chair', (p, s) => officeChair(p, s, { high: true, baseMat: M.chrome() })],
  [/recliner sofa/, 'recliner sofa', (p, s) => recliner(p, s, { seats: 2 })],
  [/recliner/, 'recliner', (p, s) => recliner(p, s, { footrest: true })],
  [/rocking/, 'rocking chair', rockingChair],
  [
    /lounge chair with ottoman/,
    'lounge chair with ottoman',
    (p, s) => {
      loungeChair(p, { ...s, W: 0.84, D: 0.86 }, { cushion: s.main, shell: M.wood('#3f2818') });
      ottoman(p, s, 0.15, 0.95);
    },
  ],
  [
    /lounge chair/,
    'cane lounge chair',
    (p, s) => loungeChair(p, { ...s, W: 0.8, D: 0.85 }, { shell: M.wicker(s.mainHex) }),
  ],
  [/wingback/, 'wingback armchair', (p, s) => armchair(p, s, { wings: true, legMat: M.wood('#3f2818') })],
  [/wood armchair/, 'wooden armchair', (p, s) => woodArmchair(p, s, { cushion: M.fabric('#a6473a') })],
  [/accent chair/, 'accent chair', (p, s) => armchair(p, s, { armW: 0.12, legMat: M.brass() })],
  [
    /dining chairs/,
    'dining chairs',
    (p, s) => {
      diningChair(p, s, -0.32, 0, 0.3, { upholstered: true, frame: M.wood('#5b3a22') });
      diningChair(p, s, 0.34, 0.05, -0.3, { upholstered: true, frame: M.wood('#5b3a22') });
    },
  ],
  [
    /dining set/,
    'dining set',
    (p, s, prod) => {
      const n = parseInt(/(\d)-seater/.exec(prod.name.toLowerCase())?.[1] ?? '4', 10);
      diningSet(p, s, {
        chairs: n,
        seat: s.second ? M.fabric(s.second) : M.fabric('#d9c8a9'),
        upholstered: n <= 4 && !!s.second,
      });
    },
  ],
  [
    /dining table/,
    'dining table with chairs',
    (p, s) =>
      diningSet(
        p,
        { ...s, frame: M.wood('#3f2818') },
        { marble: true, chairs: 6, seat: M.fabric('#cfc6b8') },
      ),
  ],
  [
    /bed-end bench/,
    'upholstered bench',
    (p, s) => bench(p, { ...s, frame: M.wood('#3f2818') }, { upholstered: true, tufted: true }),
  ],
  [/bench/, 'dining bench', bench],
  [
    /crockery/,
    'crockery cabinet',
    (p, s) => shelving(p, s, { glass: true, doorsBelow: 0.7, content: 'crockery', legs: 0.1, crown: true }),
  ],
  [
    /bar cabinet/,
    'bar cabinet',
    (p, s) => {
      shelving(p, s, { glass: true, doorsBelow: 0.55, content: 'crockery', legs: 0.12, shelves: 2 });
    },
  ],
  [
    /display cabinet/,
    'display cabinet',
    (p, s) => shelving(p, s, { glass: true, doorsBelow: 0.5, content: 'crockery', legs: 0.1, crown: true }),
  ],
  [/tv unit/, 'TV unit', tvUnit],
  [/room divider/, 'room divider', roomDivider],
  [/corner bookshelf|spiral/, 'corner bookshelf', (p, s) => shelving(p, s, { shelves: 5 })],
  [/bookshelf/, 'bookshelf', (p, s) => shelving(p, s, { doorsBelow: 0.5, crown: true })],
  [
    /wall shelves/,
    'wall shelves',
    (p, s) => {
      wallPlane(p, -0.001, 1.6, 1.6);
      [
        [0.6, 1.3, -0.15],
        [0.45, 1.0, 0.15],
        [0.3, 0.7, -0.05],
      ].forEach(([w, y, x]) => {
        box(p, w, 0.03, 0.15, s.main, x, y, 0.075);
        books(p, x - w / 2, x + w / 2, y + 0.015, 0.14, 0.22, 0.075);
      });
    },
  ],
  [
    /shoe rack/,
    'shoe rack cabinet',
    (p, s) => {
      const g = group(p);
      const y0 = caseBase(g, s, s.W, s.D, { legs: 0.1 });
      box(g, s.W, s.H - y0, s.D - 0.02, s.main, 0, y0 + (s.H - y0) / 2, -0.01);
      rbox(g, s.W + 0.02, 0.025, s.D + 0.01, 0.006, s.main, 0, s.H - 0.012, 0);
      const n = 3,
        fh = (s.H - y0 - 0.04) / n;
      for (let i = 0; i < n; i++) {
        const flap = rbox(
          g,
          s.W - 0.03,
          fh - 0.012,
          0.02,
          0.004,
          s.main,
          0,
          y0 + 0.02 + fh * (i + 0.5),
          s.D / 2 + (i === 1 ? 0.06 : 0),
        );
        if (i === 1) flap.rotation.x = 0.35;
        box(
          g,
          0.16,
          0.012,
          0.02,
          M.metal('#b9b2a5', 0.3),
          0,
          y0 + 0.02 + fh * (i + 1) - 0.04,
          s.D / 2 + 0.02 + (i === 1 ? 0.07 : 0),
        );
      }
      cyl(g, 0.04, 0.05, 0.18, M.paint('#d6cfc1'), s.W * 0.3, s.H + 0.09, 0);
    },
  ],
  [/filing cabinet/, 'filing cabinet', filingCabinet],
  [
    /chest of (\d|five|three)/,
    'chest of drawers',
    (p, s, prod) => {
      const n = parseInt(/chest of (\d)/.exec(prod.name.toLowerCase())?.[1] ?? '5', 10);
      chest(p, s, { rows: n, legs: n <= 3 ? 0.14 : undefined, painted: /painted/i.test(prod.name) });
    },
  ],
  [
    /wardrobe/,
    'wardrobe',
    (p, s, prod) => {
      const n = parseInt(/(\d)-door/.exec(prod.name.toLowerCase())?.[1] ?? '3', 10);
      wardrobe(p, s, {
        doors: n,
        mirror: /mirror/i.test(prod.name),
        sliding: /sliding/i.test(prod.name),
        drawersBelow: n === 3,
      });
    },
  ],
  [/trunk/, 'storage trunk', trunk],
  [
    /bedside tables.*set of 2|set of 2.*bedside/,
    'pair of bedside tables',
    (p, s) => {
      bedsideTable(p, s, { x: -0.3 });
      bedsideTable(p, s, { x: 0.3, z: 0.25, lamp: false });
    },
  ],
  [/bedside/, 'bedside table', bedsideTable],
  [/dressing table/, 'dressing table with mirror and stool', dressingTable],
  [/floor mirror/, 'floor mirror', floorMirror],
  [/clothes stand/, 'clothes stand', clothesStand],
  [/pouffe|ottoman/, 'pouffe', pouffe],
  [/standing desk/, 'standing desk', standingDesk],
  [/wall-mounted/, 'wall-mounted desk', wallDesk],
  [/writing desk/, 'writing desk', (p, s) => desk(p, s, { writing: true })],
  [/desk|study table/, 'study desk', desk],
  [/nesting/, 'nesting tables', nestingTables],
  [/side table/, 'marble side table', (p, s) => sideTable(p, { ...s, W: 0.45, H: 0.55 })],
  [/console/, 'console table', consoleTable],
  [/lift-top/, 'lift-top coffee table', liftTopTable],
  [/coffee table|centre table/, 'coffee table', coffeeTable],
  [
    /sofa cum bed/,
    'sofa cum bed',
    (p, s) => sofa(p, s, { seats: 3, armW: 0.12, legMat: M.wood('#3f2818'), pillowColour: '#ffffff' }),
  ],
  [/four-poster/, 'four-poster bed', (p, s) => bed(p, { ...s, H: 1.25 }, { posts: true, carved: true })],
  [
    /upholstered.*bed/,
    'upholstered bed',
    (p, s) => bed(p, s, { upholstered: true, boxBase: true, duvet: '#ece6dc', accent: '#8c6a4f' }),
  ],
  [/metal.*bed/, 'metal bed', (p, s) => bed(p, s, { metal: true, duvet: '#c9d3d6', throwColour: '#b5652d' })],
  [
    /single bed/,
    'single bed',
    (p, s) => bed(p, s, { storage: true, duvet: '#cbd8e3', throwColour: '#2f4f6f' }),
  ],
  [
    /bed/,
    'double bed',
    (p, s, prod) =>
      bed(p, s, {
        storage: /storage/i.test(prod.name),
        boxBase: /storage/i.test(prod.name),
        carved: /maharaja|ranthambore/i.test(prod.name),
      }),
  ],
  [/sofa set/, 'wooden sofa set (3+1+1)', woodSofaSet],
  [/chesterfield/, 'chesterfield sofa', chesterfield],
  [
    /l-shape|sectional/,
    'L-shaped sectional sofa',
    (p, s, prod) => sectional(p, s, { left: /\(left\)/i.test(prod.name) }),
  ],
  [/loveseat|2-seater/, '2-seater sofa', (p, s) => sofa(p, s, { seats: 2, legMat: M.wood('#3f2818') })],
  [
    /sofa/,
    '3-seater sofa',
    (p, s) => sofa(p, s, { seats: 3, legMat: M.wood('#3f2818'), pillowColour: '#d9a441' }),
  ],
];

const DEFAULT_DIMS = { W: 1, D: 0.6, H: 0.8 };

export function classify(product) {
  const name = product.name.toLowerCase();
  for (const [re, label, build] of KINDS) if (re.test(name)) return { label, build };
  return { label: 'sideboard', build: (p, s) => chest(p, s, { rows: 3 }) };
}

function specFor(product) {
  const [mainHex, secondHex] = splitColours(product.color);
  const d = parseDims(product.dimensions);
  const W = d.W ?? DEFAULT_DIMS.W;
  const L = d.L;
  const D = d.D ?? L ?? DEFAULT_DIMS.D;
  const H = d.H ?? DEFAULT_DIMS.H;
  const mat = (product.material || '').toLowerCase();
  const woodish = /wood|sheesham|teak|mango|acacia/.test(mat);
  const main = materialFor(product.material, mainHex);
  const frame = woodish ? main : /metal/.test(mat) ? M.metal('#2a2a2a', 0.4) : M.wood('#4a3020');
  return { W, D, H, L: L ?? D, main, mainHex, secondHex, second: secondHex, frame };
}

// ---------------------------------------------------------------------------------------------
// Scene, lights, camera.
let scene, camera, keyLight;
function freshScene(opts = {}) {
  scene = new THREE.Scene();
  scene.background = new THREE.Color(opts.background ?? '#f3f0eb');
  scene.environment = envMap;
  scene.environmentIntensity = 0.45;
  const hemi = new THREE.HemisphereLight('#ffffff', '#d9cfc2', 0.75);
  scene.add(hemi);
  keyLight = new THREE.DirectionalLight('#fff6ea', 2.4);
  keyLight.castShadow = true;
  keyLight.shadow.mapSize.set(2048, 2048);
  keyLight.shadow.radius = 6;
  keyLight.shadow.blurSamples = 16;
  keyLight.shadow.bias = -0.0004;
  keyLight.shadow.normalBias = 0.01;
  scene.add(keyLight, keyLight.target);
  const fill = new THREE.DirectionalLight('#e8efff', 0.7);
  fill.position.set(4, 2, 3);
  scene.add(fill);
  const rim = new THREE.DirectionalLight('#ffffff', 0.8);
  rim.position.set(-1, 3, -4);
  scene.add(rim);
  if (!opts.noFloor) {
    const floor = new THREE.Mesh(
      new THREE.PlaneGeometry(40, 40),
      new THREE.ShadowMaterial({ opacity: 0.22, color: '#3b2f25' }),
    );
    floor.rotation.x = -Math.PI / 2;
    floor.receiveShadow = true;
    scene.add(floor);
  }
  camera = new THREE.PerspectiveCamera(opts.fov ?? 28, 1, 0.05, 100);
}

function placeLightAndCamera(root, { azimuth = 0.62, elevation = 0.3, fill = 0.8 } = {}) {
  const bbox = new THREE.Box3().setFromObject(root);
  const size = bbox.getSize(new THREE.Vector3());
  const centre = bbox.getCenter(new THREE.Vector3());
  const radius = size.length() / 2;
  // key light from the front left, high
  keyLight.position
    .copy(centre)
    .add(new THREE.Vector3(-2.2, 4.2, 3.0).normalize().multiplyScalar(radius * 4 + 3));
  keyLight.target.position.copy(centre);
  const sc = keyLight.shadow.camera;
  const e = radius * 1.8 + 0.5;
  Object.assign(sc, { left: -e, right: e, top: e, bottom: -e, near: 0.1, far: radius * 10 + 10 });
  sc.updateProjectionMatrix();
  // camera: 3/4 from the front right, fitted to the box corners
  const dir = new THREE.Vector3(
    Math.sin(azimuth) * Math.cos(elevation),
    Math.sin(elevation),
    Math.cos(azimuth) * Math.cos(elevation),
  );
  let dist = radius / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2));
  const target = centre.clone();
  const corners = [];
  for (const x of [bbox.min.x, bbox.max.x])
    for (const y of [bbox.min.y, bbox.max.y])
      for (const z of [bbox.min.z, bbox.max.z]) corners.push(new THREE.Vector3(x, y, z));
  for (let it = 0; it < 6; it++) {
    camera.position.copy(target).addScaledVector(dir, dist);
    camera.lookAt(target);
    camera.updateMatrixWorld();
    let minX = Infinity,
      maxX = -Infinity,
      minY = Infinity,
      maxY = -Infinity;
    for (const c of corners) {
      const v = c.clone().project(camera);
      minX = Math.min(minX, v.x);
      maxX = Math.max(maxX, v.x);
      minY = Math.min(minY, v.y);
      maxY = Math.max(maxY, v.y);
    }
    const ext = Math.max(maxX - minX, maxY - minY) / 2;
    const cx = (minX + maxX) / 2,
      cy = (minY + maxY) / 2;
    const halfH = dist * Math.tan(THREE.MathUtils.degToRad(camera.fov / 2));
    const right = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    const up = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 1);
    target.addScaledVector(right, cx * halfH).addScaledVector(up, cy * halfH);
    dist *= ext / fill;
  }
  camera.position.copy(target).addScaledVector(dir, dist);
  camera.lookAt(target);
}

window.renderProduct = (product) => {
  seed = hashString(product.slug);
  freshScene();
  const root = new THREE.Group();
  scene.add(root);
  const { label, build } = classify(product);
  build(root, specFor(product), product);
  // hide wall planes from the camera fit: they are backdrops
  const walls = root.children.filter((c) => c.isMesh && c.geometry.type === 'PlaneGeometry');
  walls.forEach((w) => root.remove(w));
  const fitRoot = root.clone();
  walls.forEach((w) => root.add(w));
  scene.add(fitRoot);
  fitRoot.visible = false;
  placeLightAndCamera(fitRoot);
  scene.remove(fitRoot);
  root.traverse((o) => {
    if (o.isMesh && o.material?.transparent) o.castShadow = false;
  });
  renderer.render(scene, camera);
  return label;
};

// Three stock photos: small room vignettes with a back wall and a floor.
function room(floorHex, wallHex) {
  freshScene({ noFloor: true, background: wallHex, fov: 35 });
  const floor = new THREE.Mesh(new THREE.PlaneGeometry(12, 12), M.wood(floorHex, 0.7).clone());
  floor.material.map = floor.material.map.clone();
  floor.material.map.repeat.set(5, 5);
  floor.material.map.needsUpdate = true;
  floor.rotation.x = -Math.PI / 2;
  floor.receiveShadow = true;
  scene.add(floor);
  const wall = new THREE.Mesh(new THREE.PlaneGeometry(12, 5), M.paint(wallHex));
  wall.position.set(0, 2.5, -1.6);
  wall.receiveShadow = true;
  scene.add(wall);
  const side = new THREE.Mesh(new THREE.PlaneGeometry(12, 5), M.paint(wallHex));
  side.position.set(-3.2, 2.5, 0);
  side.rotation.y = Math.PI / 2;
  side.receiveShadow = true;
  scene.add(side);
  const root = new THREE.Group();
  scene.add(root);
  return root;
}
function plant(p, x, z, h = 1.1) {
  cyl(p, 0.16, 0.12, 0.3, M.paint('#d9d2c4'), x, 0.15, z, 32);
  for (let i = 0; i < 9; i++) {
    const a = i * 2.4,
      r = 0.08 + (i % 3) * 0.06;
    const l = sphere(
      p,
      0.1 + (i % 3) * 0.02,
      M.leaf(),
      x + Math.cos(a) * r,
      0.45 + (i / 9) * (h - 0.45),
      z + Math.sin(a) * r,
    );
    l.scale.set(1.4, 0.5, 0.8);
    l.rotation.set(a, a * 0.5, 0.4);
  }
  cyl(p, 0.01, 0.012, h - 0.3, M.paint('#5a4a30'), x, 0.3 + (h - 0.3) / 2, z);
}
function rug(p, w, d, hex, x = 0, z = 0) {
  rbox(p, w, 0.012, d, 0.005, M.fabric(hex), x, 0.006, z).castShadow = false;
}
function floorLamp(p, x, z) {
  cyl(p, 0.15, 0.16, 0.03, M.brass(), x, 0.015, z);
  cyl(p, 0.012, 0.012, 1.5, M.brass(), x, 0.78, z);
  cyl(p, 0.16, 0.24, 0.3, M.linen('#f6efe2'), x, 1.55, z);
}
function frame(p, w, h, x, y, z, hex) {
  box(p, w, h, 0.03, M.wood('#3f2818'), x, y, z);
  box(p, w - 0.08, h - 0.08, 0.01, M.paint(hex), x, y, z + 0.016);
}

window.renderStock = (n) => {
  seed = 100 + n;
  const cams = {
    1: { azimuth: 0.35, elevation: 0.16, fill: 1.15 },
    2: { azimuth: 0.45, elevation: 0.2, fill: 1.15 },
    3: { azimuth: 0.4, elevation: 0.22, fill: 1.15 },
  };
  let root;
  if (n === 1) {
    root = room('#b58a5c', '#e9e4da');
    rug(root, 2.6, 1.7, '#c9bca6', 0, 0.3);
    const s = specFor({ material: 'Fabric', color: 'Teal Blue', dimensions: 'W 210 x D 90 x H 85 cm' });
    const sf = group(root, 0, 0, -1.05);
    sofa(sf, s, { seats: 3, legMat: M.wood('#3f2818'), pillowColour: '#d9a441' });
    const ct = group(root, 0, 0, 0.35);
    coffeeTable(
      ct,
      specFor({ material: 'Sheesham wood', color: 'Honey Brown', dimensions: 'W 110 x D 60 x H 42 cm' }),
    );
    const ac = group(root, 1.55, 0, 0.1, -1.1);
    armchair(
      ac,
      specFor({ material: 'Velvet fabric', color: 'Mustard Yellow', dimensions: 'W 76 x D 78 x H 84 cm' }),
      { armW: 0.12, legMat: M.brass() },
    );
    plant(root, -1.5, -1.1, 1.3);
    floorLamp(root, 1.45, -1.2);
    frame(root, 0.9, 0.6, 0, 1.55, -1.58, '#c98f6a');
  } else if (n === 2) {
    root = room('#c9a06e', '#dfe3e1');
    rug(root, 2.8, 2.0, '#e9e1d3', 0, 0.4);
    const b = group(root, 0, 0, -0.45);
    bed(b, specFor({ material: 'Fabric', color: 'Beige', dimensions: 'W 165 x L 210 x H 115 cm' }), {
      upholstered: true,
      boxBase: true,
      duvet: '#f1ede6',
      accent: '#5d7f86',
    });
    const ws = specFor({ material: 'Mango wood', color: 'Walnut', dimensions: 'W 45 x D 40 x H 55 cm' });
    bedsideTable(group(root, -1.2, 0, -1.35), ws);
    bedsideTable(group(root, 1.2, 0, -1.35), ws);
    plant(root, 1.7, 0.4, 1.0);
    frame(root, 1.2, 0.5, 0, 1.75, -1.58, '#8fa6a3');
  } else {
    root = room('#a87b4f', '#ece6dc');
    rug(root, 2.6, 1.9, '#b9a88f', 0, 0);
    diningSet(
      group(root, 0, 0, 0),
      specFor({ material: 'Sheesham wood', color: 'Honey Brown', dimensions: 'W 160 x D 90 x H 76 cm' }),
      { chairs: 6, seat: M.fabric('#d9c8a9') },
    );
    shelving(
      group(root, -1.2, 0, -1.38),
      specFor({ material: 'Sheesham wood', color: 'Walnut Brown', dimensions: 'W 100 x D 40 x H 180 cm' }),
      { glass: true, doorsBelow: 0.7, content: 'crockery', legs: 0.1, crown: true },
    );
    plant(root, 1.4, -1.2, 1.4);
    // pendant lamp
    cyl(root, 0.004, 0.004, 0.9, M.paint('#222'), 0, 1.85, 0);
    cyl(root, 0.06, 0.28, 0.22, M.metal('#222', 0.5), 0, 1.3, 0);
  }
  // the camera frames the furniture, not the room
  const fit = new THREE.Group();
  root.children.forEach((c) => fit.add(c.clone()));
  placeLightAndCamera(fit, cams[n]);
  root.traverse((o) => {
    if (o.isMesh && o.material?.transparent) o.castShadow = false;
  });
  renderer.render(scene, camera);
  return ['living room', 'bedroom', 'dining room'][n - 1];
};

window.ready = true;
