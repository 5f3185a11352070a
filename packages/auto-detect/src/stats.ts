/**
 * What the verifying pass counted while walking one hypothesis. Plain counters, so the walk
 * stays allocation-free; `at` keeps the first offset of the rarer facts for the evidence text.
 */
export class Stats {
  values = 0;
  containers = 0;
  maxDepth = 0;
  // Header words
  /** Bits 8-15 set (every engine writes them zero). */
  byte1 = 0;
  /** Bits 16-31 the codec gives no meaning to (engines never set them; 3.x/4.x ignore them). */
  unknownFlags = 0;
  // Scalars
  boolOdd = 0;
  int32 = 0;
  /** FLAG_64 ints whose value needs 64 bits. */
  int64 = 0;
  /** FLAG_64 ints that would fit 32 bits (only 3.0.x and a 2.1 fork write these). */
  int64Fits32 = 0;
  float32 = 0;
  float64 = 0;
  /** FLAG_64 floats that f32 holds exactly (no engine writes these, NaN aside). */
  float64Exact = 0;
  // Float plausibility, over every real read (packed arrays sampled)
  floatsChecked = 0;
  floatDenormal = 0;
  floatExtreme = 0;
  floatNaNOdd = 0;
  floatNonFinite = 0;
  // 4.x math precision
  mathSingle = 0;
  mathDouble = 0;
  /** Vector4/Projection with FLAG_64 (4.2+ double builds). */
  vector4Double = 0;
  // Strings
  strings = 0;
  stringPadDirty = 0;
  stringNul = 0;
  stringControl = 0;
  namePadDirty = 0;
  // NodePath
  nodePaths = 0;
  nodePathProperty = 0;
  nodePathBadFlags = 0;
  nodePathPadDirty = 0;
  // Packed arrays
  byteArrays = 0;
  bytePadDirty = 0;
  bytePadMissing = 0;
  pstrElements = 0;
  pstrNul = 0;
  pstrNoNul = 0;
  pstrNulInside = 0;
  pstrPadDirty = 0;
  packedVector4 = 0;
  // Containers
  sharedSet = 0;
  sharedClear = 0;
  typedArrays = 0;
  typedDictionaries = 0;
  typedBuiltinNil = 0;
  typedScriptOdd = 0;
  // Objects
  objectsFull = 0;
  objectsId = 0;
  objectIdZero = 0;
  objectEmptyClass = 0;
  objectClassOdd = 0;
  objectsBare = 0;
  scriptPath = 0;
  scriptObject = 0;
  rids = 0;
  callables = 0;
  signals = 0;
  // Shapes of real-world math values (the 16- and 24-byte types other generations read as
  // another type: 4.x Plane = 3.x Color, 4.x Transform2D = 3.x AABB)
  colorInRange = 0;
  colorOdd = 0;
  planeUnit = 0;
  planeZero = 0;
  aabbSized = 0;
  aabbNegative = 0;
  xformRotation = 0;
  xformOrthogonal = 0;
  xformDegenerate = 0;
  // 2.x Image and InputEvent
  images = 0;
  imageSizeOk = 0;
  imageSizeOdd = 0;
  inputEvents = 0;
  inputEventLengthOk = 0;
  inputEventLengthOdd = 0;
  inputEventJoy20 = 0;
  inputEventTypeOdd = 0;
  /** First offset of a fact, by counter name. */
  readonly at: Record<string, number> = {};

  /** Counts `key` and remembers the first offset. */
  note(key: keyof Stats & string, offset: number): void {
    (this as unknown as Record<string, number>)[key]!++;
    if (this.at[key] === undefined) this.at[key] = offset;
  }

  /** Adds another walk's counts (records of one file). */
  add(o: Stats, shift = 0): void {
    const self = this as unknown as Record<string, number>;
    const other = o as unknown as Record<string, number>;
    for (const k of Object.keys(other)) {
      if (k === "at") continue;
      if (k === "maxDepth") self[k] = Math.max(self[k]!, other[k]!);
      else self[k] = self[k]! + other[k]!;
    }
    for (const [k, v] of Object.entries(o.at)) if (this.at[k] === undefined) this.at[k] = v + shift;
  }
}
