/** A little-endian byte builder for hand-made test input (layouts of the engine's core/io/marshalls.cpp). */
export class Bytes {
  private readonly parts: number[] = [];
  u32(v: number): this {
    const b = new DataView(new ArrayBuffer(4));
    b.setUint32(0, v >>> 0, true);
    this.parts.push(...new Uint8Array(b.buffer));
    return this;
  }
  i32(v: number): this {
    return this.u32(v | 0);
  }
  f32(...vs: number[]): this {
    for (const v of vs) {
      const b = new DataView(new ArrayBuffer(4));
      b.setFloat32(0, v, true);
      this.parts.push(...new Uint8Array(b.buffer));
    }
    return this;
  }
  f64(...vs: number[]): this {
    for (const v of vs) {
      const b = new DataView(new ArrayBuffer(8));
      b.setFloat64(0, v, true);
      this.parts.push(...new Uint8Array(b.buffer));
    }
    return this;
  }
  str(s: string): this {
    const utf8 = new TextEncoder().encode(s);
    this.u32(utf8.length);
    this.parts.push(...utf8);
    while (this.parts.length % 4 !== 0) this.parts.push(0);
    return this;
  }
  raw(...bs: number[]): this {
    this.parts.push(...bs);
    return this;
  }
  get bytes(): Uint8Array {
    return new Uint8Array(this.parts);
  }
}

export const FLAG_64 = 1 << 16;
