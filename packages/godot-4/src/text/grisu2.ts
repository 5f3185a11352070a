// Shortest-digits float printing exactly as Godot 4 does it: a port of the engine's
// thirdparty/grisu2/grisu2.h (Grisu2 from Loitsch's paper, by way of nlohmann/json and
// simdjson), which `String::num_scientific` calls for `float` and `double`. Grisu2 is not always
// the shortest or closest representation (JS `Number#toString` is), so a port is needed to
// match the engine digit for digit.
//
// The C++ code's 64-bit unsigned integers are hi:lo pairs of 32-bit halves held in plain
// numbers, and every step is exact, so the digits are the C++ code's own
// (test/grisu2.test.ts holds them to a BigInt transcription of grisu2.h on any double and
// float). The BigInt port this replaces took ~2.5 us a real (bench/README.md, "Hot-path
// changes").

const K_ALPHA = -60;
const TWO32 = 4294967296;
const DIGIT = "0123456789";
/** 2^i for i in 0..64 (a table: `2 ** i` with a variable `i` is a Math.pow call). */
// Made by a pure call: a module-level loop would stay in every bundle of the package's dist.
const POW2 = /* @__PURE__ */ (() => {
  const out = new Float64Array(65);
  for (let i = 0, x = 1; i <= 64; i++, x *= 2) out[i] = x;
  return out;
})();

// Cached powers of ten c = f * 2^e ~= 10^k, every 8th decimal exponent from -300 to 324.
// biome-ignore format: a table reads better in rows
const CACHED_F: readonly string[] = [
  "AB70FE17C79AC6CA", "FF77B1FCBEBCDC4F", "BE5691EF416BD60C", "8DD01FAD907FFC3C", "D3515C2831559A83",
  "9D71AC8FADA6C9B5", "EA9C227723EE8BCB", "AECC49914078536D", "823C12795DB6CE57", "C21094364DFB5637",
  "9096EA6F3848984F", "D77485CB25823AC7", "A086CFCD97BF97F4", "EF340A98172AACE5", "B23867FB2A35B28E",
  "84C8D4DFD2C63F3B", "C5DD44271AD3CDBA", "936B9FCEBB25C996", "DBAC6C247D62A584", "A3AB66580D5FDAF6",
  "F3E2F893DEC3F126", "B5B5ADA8AAFF80B8", "87625F056C7C4A8B", "C9BCFF6034C13053", "964E858C91BA2655",
  "DFF9772470297EBD", "A6DFBD9FB8E5B88F", "F8A95FCF88747D94", "B94470938FA89BCF", "8A08F0F8BF0F156B",
  "CDB02555653131B6", "993FE2C6D07B7FAC", "E45C10C42A2B3B06", "AA242499697392D3", "FD87B5F28300CA0E",
  "BCE5086492111AEB", "8CBCCC096F5088CC", "D1B71758E219652C", "9C40000000000000", "E8D4A51000000000",
  "AD78EBC5AC620000", "813F3978F8940984", "C097CE7BC90715B3", "8F7E32CE7BEA5C70", "D5D238A4ABE98068",
  "9F4F2726179A2245", "ED63A231D4C4FB27", "B0DE65388CC8ADA8", "83C7088E1AAB65DB", "C45D1DF942711D9A",
  "924D692CA61BE758", "DA01EE641A708DEA", "A26DA3999AEF774A", "F209787BB47D6B85", "B454E4A179DD1877",
  "865B86925B9BC5C2", "C83553C5C8965D3D", "952AB45CFA97A0B3", "DE469FBD99A05FE3", "A59BC234DB398C25",
  "F6C69A72A3989F5C", "B7DCBF5354E9BECE", "88FCF317F22241E2", "CC20CE9BD35C78A5", "98165AF37B2153DF",
  "E2A0B5DC971F303A", "A8D9D1535CE3B396", "FB9B7CD9A4A7443C", "BB764C4CA7A44410", "8BAB8EEFB6409C1A",
  "D01FEF10A657842C", "9B10A4E5E9913129", "E7109BFBA19C0C9D", "AC2820D9623BF429", "80444B5E7AA7CF85",
  "BF21E44003ACDD2D", "8E679C2F5E44FF8F", "D433179D9C8CB841", "9E19DB92B4E31BA9",
];
// biome-ignore format: a table reads better in rows
const CACHED_E: readonly number[] = [
  -1060, -1034, -1007, -980, -954, -927, -901, -874, -847, -821, -794, -768, -741, -715, -688, -661,
  -635, -608, -582, -555, -529, -502, -475, -449, -422, -396, -369, -343, -316, -289, -263, -236,
  -210, -183, -157, -130, -103, -77, -50, -24, 3, 30, 56, 83, 109, 136, 162, 189, 216, 242, 269,
  295, 322, 348, 375, 402, 428, 455, 481, 508, 534, 561, 588, 614, 641, 667, 694, 720, 747, 774,
  800, 827, 853, 880, 907, 933, 960, 986, 1013,
];
// The halves of CACHED_F, parsed on first use (then never written again).
const cachedTables: { hi?: Float64Array; lo?: Float64Array } = {};

/**
 * One Grisu2 run's working state: the results of the 64-bit helpers, R[0]:R[1] = hi:lo (a typed
 * array: a number field stored on every helper call would be boxed, a typed array element is
 * not), and the digits and decimal exponent it finds (value = digits * 10^exponent). Made per
 * call of numScientific, so that nothing is shared between calls.
 */
class Grisu2 {
  readonly R = new Float64Array(2);
  readonly scratch = new DataView(new ArrayBuffer(8));
  readonly digits: number[] = [];
  count = 0;
  exponent = 0;

  /** this.R[0]:this.R[1] = (xh:xl * yh:yl + 2^63) >> 64, the upper half of the product rounded (diyfp::mul). */
  mulHigh(xh: number, xl: number, yh: number, yl: number): void {
    // The four 32 x 32 partial products, each as hi:lo (mul32), summed as the C++ does.
    this.mul32(xl, yl);
    const p0hi = this.R[0]!;
    this.mul32(xl, yh);
    const p1hi = this.R[0]!;
    const p1lo = this.R[1]!;
    this.mul32(xh, yl);
    const p2hi = this.R[0]!;
    const p2lo = this.R[1]!;
    this.mul32(xh, yh);
    // Q < 2^34 and the sum below < 2^35: exact.
    const q = p0hi + p1lo + p2lo + 2147483648;
    const low = this.R[1]! + p2hi + p1hi + Math.floor(q / TWO32);
    const carry = Math.floor(low / TWO32);
    this.R[1] = low - carry * TWO32;
    this.R[0] = this.R[0]! + carry;
  }

  /** this.R[0]:this.R[1] = a * b for 32-bit unsigned a and b, from 16-bit pieces (each product exact). */
  mul32(a: number, b: number): void {
    const a0 = a & 0xffff;
    const a1 = a >>> 16;
    const b0 = b & 0xffff;
    const b1 = b >>> 16;
    const t = a0 * b0;
    const m = a1 * b0 + a0 * b1 + Math.floor(t / 65536);
    this.R[0] = a1 * b1 + Math.floor(m / 65536);
    this.R[1] = Math.imul(a, b) >>> 0;
  }

  /** this.R[0]:this.R[1] = h:l << s (0 <= s < 64, no bit lost). */
  shiftLeft(h: number, l: number, s: number): void {
    if (s >= 32) {
      this.R[0] = l * POW2[s - 32]!;
      this.R[1] = 0;
    } else if (s > 0) {
      this.R[0] = ((h << s) | (l >>> (32 - s))) >>> 0;
      this.R[1] = (l << s) >>> 0;
    } else {
      this.R[0] = h;
      this.R[1] = l;
    }
  }

  /**
   * Grisu2 of a finite value > 0 (`single`: its float boundaries) into `this.digits[0..count)` and
   * `this.exponent`. The steps and names are grisu2.h's.
   */
  grisu2(value: number, single: boolean): void {
    // boundaries(): v = f * 2^e and m-, m+ halfway to its neighbours.
    let fh: number;
    let fl: number;
    let ve: number;
    let lowerCloser: boolean;
    if (single) {
      this.scratch.setFloat32(0, value);
      const bits = this.scratch.getUint32(0);
      const E = bits >>> 23;
      const F = bits & 0x7fffff;
      fh = 0;
      fl = E === 0 ? F : F + 0x800000;
      ve = E === 0 ? 1 - 150 : E - 150;
      lowerCloser = F === 0 && E > 1;
    } else {
      this.scratch.setFloat64(0, value);
      const hi = this.scratch.getUint32(0);
      const lo = this.scratch.getUint32(4);
      const E = hi >>> 20;
      const Fh = hi & 0xfffff;
      fh = E === 0 ? Fh : Fh + 0x100000;
      fl = lo;
      ve = E === 0 ? 1 - 1075 : E - 1075;
      lowerCloser = Fh === 0 && lo === 0 && E > 1;
    }
    // m+ = 2f + 1 at e - 1, normalized (bit 63 set).
    const mph = fh * 2 + (fl >>> 31);
    const mpl = ((fl << 1) | 1) >>> 0;
    const plusShift = 64 - bitLength(mph, mpl);
    this.shiftLeft(mph, mpl, plusShift);
    const plusH = this.R[0]!;
    const plusL = this.R[1]!;
    const plusE = ve - 1 - plusShift;
    // m- = 4f - 1 at e - 2 when the lower neighbour is closer, else 2f - 1 at e - 1, brought to
    // m+'s this.exponent (f >= 1, so no borrow past the top; the shift loses no bit).
    let mmh: number;
    let mml: number;
    let mmE: number;
    if (lowerCloser) {
      mmh = fh * 4 + (fl >>> 30);
      mml = (fl << 2) >>> 0;
      mmE = ve - 2;
    } else {
      mmh = fh * 2 + (fl >>> 31);
      mml = (fl << 1) >>> 0;
      mmE = ve - 1;
    }
    if (mml === 0) {
      mmh -= 1;
      mml = 0xffffffff;
    } else mml -= 1;
    this.shiftLeft(mmh, mml, mmE - plusE);
    const minusH = this.R[0]!;
    const minusL = this.R[1]!;
    // w = v normalized.
    const wShift = 64 - bitLength(fh, fl);
    this.shiftLeft(fh, fl, wShift);
    const wh0 = this.R[0]!;
    const wl0 = this.R[1]!;

    // get_cached_power_for_binary_exponent(m+.e)
    if (cachedTables.hi === undefined) {
      const hi = new Float64Array(CACHED_F.length);
      const lo = new Float64Array(CACHED_F.length);
      for (let i = 0; i < CACHED_F.length; i++) {
        hi[i] = Number.parseInt(CACHED_F[i]!.slice(0, 8), 16);
        lo[i] = Number.parseInt(CACHED_F[i]!.slice(8), 16);
      }
      cachedTables.lo = lo;
      cachedTables.hi = hi;
    }
    const f = K_ALPHA - plusE - 1;
    // C++ integer division truncates toward zero.
    const kc = Math.trunc((f * 78913) / (1 << 18)) + (f > 0 ? 1 : 0);
    const index = Math.trunc((300 + kc + 7) / 8);
    const ch = cachedTables.hi[index]!;
    const cl = cachedTables.lo![index]!;
    const k = -300 + index * 8;
    // The same this.exponent for w, w- and w+: e = m+.e + c.e + 64, in -60..-32.
    const e = plusE + CACHED_E[index]! + 64;

    this.mulHigh(wh0, wl0, ch, cl);
    const wh = this.R[0]!;
    const wl = this.R[1]!;
    this.mulHigh(minusH, minusL, ch, cl);
    // M- = w-.f + 1
    let Mmh = this.R[0]!;
    let Mml = this.R[1]! + 1;
    if (Mml === TWO32) {
      Mmh += 1;
      Mml = 0;
    }
    this.mulHigh(plusH, plusL, ch, cl);
    // M+ = w+.f - 1
    let Mph = this.R[0]!;
    let Mpl = this.R[1]! - 1;
    if (Mpl < 0) {
      Mph -= 1;
      Mpl = TWO32 - 1;
    }

    // grisu2_digit_gen. delta = M+ - M- and dist = M+ - w are a few ulps of the 64-bit scaled
    // value (under 2^13 for a double, 2^42 for a float), so they are exact as plain numbers.
    const delta = (Mph - Mmh) * TWO32 + (Mpl - Mml);
    const dist = (Mph - wh) * TWO32 + (Mpl - wl);
    const shift = -e; // 32..60
    const s2 = shift - 32; // 0..28
    const high = POW2[s2]!;
    const one = POW2[shift]!;
    // p1 = M+ >> shift (32 bits); p2 = M+ & (one - 1) as p2h:p2l (p2h < 2^s2).
    let p1 = Math.floor(Mph / high);
    let p2h = Mph - p1 * high;
    let p2l = Mpl;
    this.exponent = -k;
    this.count = 0;

    let pow10 = 1;
    let kk = 1;
    while (pow10 * 10 <= p1 && kk < 10) {
      pow10 *= 10;
      kk++;
    }
    let n = kk;
    while (n > 0) {
      const d = Math.floor(p1 / pow10);
      p1 -= d * pow10;
      this.digits[this.count++] = d;
      n--;
      // rest = (p1 << shift) + p2: its high half is p1 * 2^s2 + p2h < 2^32. As a plain number it
      // is exact below 2^53 and at least 2^53 otherwise, so the test against delta (< 2^53) holds
      // either way, and it is exact where it passes.
      const rest = (p1 * high + p2h) * TWO32 + p2l;
      if (rest <= delta) {
        this.exponent += n;
        this.round(dist, delta, rest, pow10 * one);
        return;
      }
      pow10 = Math.floor(pow10 / 10);
    }
    // The fraction: p2, delta and dist times 10 each step. delta and dist may pass 2^53 here
    // (delta stops below 10 * 2^60), so from now on they are hi:lo pairs too.
    let dh = Math.floor(delta / TWO32);
    let dl = delta - dh * TWO32;
    let sh = Math.floor(dist / TWO32);
    let sl = dist - sh * TWO32;
    let m = 0;
    for (;;) {
      // p2 *= 10 (p2 < 2^60: no overflow); the digit is the part from bit `shift` up.
      let x = p2l * 10;
      let c = Math.floor(x / TWO32);
      p2l = x - c * TWO32;
      const t = p2h * 10 + c;
      const d = Math.floor(t / high);
      p2h = t - d * high;
      this.digits[this.count++] = d;
      m++;
      x = dl * 10;
      c = Math.floor(x / TWO32);
      dl = x - c * TWO32;
      dh = dh * 10 + c;
      x = sl * 10;
      c = Math.floor(x / TWO32);
      sl = x - c * TWO32;
      sh = sh * 10 + c;
      if (p2h < dh || (p2h === dh && p2l <= dl)) break;
    }
    this.exponent -= m;
    // grisu2_round(rest = p2, ten_k = one), on hi:lo pairs (one = 2^shift is high:0).
    this.roundWide(sh, sl, dh, dl, p2h, p2l, high);
  }

  // grisu2_round: moves the last digit down while that brings the number closer to w (every
  // value here is below 2^53, so plain numbers are exact).
  round(dist: number, delta: number, rest: number, tenK: number): void {
    while (rest < dist && delta - rest >= tenK && (rest + tenK < dist || dist - rest > rest + tenK - dist)) {
      this.digits[this.count - 1]!--;
      rest += tenK;
    }
  }

  /** grisu2_round on hi:lo pairs: dist sh:sl, delta dh:dl, rest rh:rl, ten_k th:0. */
  roundWide(sh: number, sl: number, dh: number, dl: number, rh: number, rl: number, th: number): void {
    for (;;) {
      // rest < dist
      if (!(rh < sh || (rh === sh && rl < sl))) return;
      // delta - rest >= ten_k (rest <= delta holds throughout)
      let l = dl - rl;
      let h = dh - rh;
      if (l < 0) {
        l += TWO32;
        h--;
      }
      if (h < th) return;
      // a = rest + ten_k: a < dist, or dist - rest > a - dist
      const ah = rh + th;
      if (!(ah < sh || (ah === sh && rl < sl))) {
        let xl = sl - rl;
        let xh = sh - rh;
        if (xl < 0) {
          xl += TWO32;
          xh--;
        }
        let yl = rl - sl;
        let yh = ah - sh;
        if (yl < 0) {
          yl += TWO32;
          yh--;
        }
        if (!(xh > yh || (xh === yh && xl > yl))) return;
      }
      this.digits[this.count - 1]!--;
      rh = ah;
    }
  }
}

/** Bits in h:l (h:l != 0). */
function bitLength(h: number, l: number): number {
  return h !== 0 ? 64 - Math.clz32(h) : 32 - Math.clz32(l);
}

/**
 * Godot's `String::num_scientific` for a finite non-zero value, `single` selecting the float
 * overload: Grisu2 digits, fixed notation when the decimal point falls within
 * (10^-4 .. 10^15], else `d.ddde+XX` (at least two exponent digits), no trailing `.0`.
 */
export function numScientific(value: number, single: boolean): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value < 0 ? "-inf" : "inf";
  const negative = value < 0 || Object.is(value, -0);
  const sign = negative ? "-" : "";
  const a = Math.abs(value);
  if (a === 0) return `${sign}0`;
  let s: string;
  let n: number;
  if (Number.isInteger(a) && a < (single ? 2 ** 24 : 2 ** 53)) {
    // Whole values whose ulp is at most 1 (below 2^24 for a float, 2^53 for a double): no
    // shorter decimal lies within half an ulp, so the digits are the integer's own (trailing
    // zeros move to the exponent), without the 64-bit arithmetic.
    const all = String(a);
    s = all.replace(/0+$/, "");
    n = all.length;
  } else {
    const g = new Grisu2();
    g.grisu2(a, single);
    s = "";
    for (let i = 0; i < g.count; i++) s += DIGIT[g.digits[i]!];
    n = g.count + g.exponent;
  }
  const k = s.length;
  if (k <= n && n <= 15) return sign + s + "0".repeat(n - k);
  if (0 < n && n <= 15) return `${sign}${s.slice(0, n)}.${s.slice(n)}`;
  if (-4 < n && n <= 0) return `${sign}0.${"0".repeat(-n)}${s}`;
  const mantissa = k === 1 ? s : `${s[0]}.${s.slice(1)}`;
  const x = n - 1;
  const ax = Math.abs(x);
  return `${sign}${mantissa}e${x < 0 ? "-" : "+"}${ax < 10 ? "0" : ""}${ax}`;
}
