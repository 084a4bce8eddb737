import RingGraphics

/// A gradient program's colour table and what it holds: the colours and locations it was
/// filled from, and which entries. Kept from plan to plan, so that a program recompiled for
/// a moved shape fills only the entries its old shape did not use, and all of them only
/// when the colours change.
struct GradientColors {
  private(set) var table = GradientTable()
  /// Whether every entry the program uses is opaque.
  private(set) var isOpaque = false
  private var colors: [RGBAColor] = []
  private var locations: [Double] = []
  /// Whether `colors` and `locations` say what the filled entries hold.
  private var isFilled = false
  /// Whether the program was compiled again since the last refresh.
  private var programChanged = true
  /// One bit per table entry: filled from `colors`.
  private var filled = [UInt64](repeating: 0, count: GradientTable.resolution / 64)
  private var missing: [UInt16] = []

  /// Says that the program drawn with these colours was compiled again (it may use other
  /// entries).
  mutating func programDidChange() { programChanged = true }

  /// Brings the entries `program` uses to `q`'s colours, in the device's channel order.
  /// Allocates only when the number of colours or locations changes.
  mutating func refresh(for program: GradientProgram, _ q: LayerProperties, swapsRedAndBlue: Bool) {
    let same = isFilled && colors == q.colors && locations == q.locations
    guard !same || programChanged else { return }
    let used = program.usedIndices
    if same {
      missing.removeAll(keepingCapacity: true)
      filled.withUnsafeBufferPointer { bits in
        for j in used where bits[Int(j) >> 6] & (1 &<< UInt64(j & 63)) == 0 { missing.append(j) }
      }
      fill(missing, q, swapsRedAndBlue: swapsRedAndBlue)
    } else {
      for w in filled.indices { filled[w] = 0 }
      fill(used, q, swapsRedAndBlue: swapsRedAndBlue)
      copy(q.colors, into: &colors)
      copy(q.locations, into: &locations)
      isFilled = true
    }
    isOpaque = program.usesOpaqueEntries(of: table)
    programChanged = false
  }

  private mutating func fill(_ indices: [UInt16], _ q: LayerProperties, swapsRedAndBlue: Bool) {
    guard !indices.isEmpty else { return }
    table.update(colors: q.colors, locations: q.stopLocations, indices: indices)
    if swapsRedAndBlue { table.swapRedAndBlue(indices: indices) }
    filled.withUnsafeMutableBufferPointer { bits in
      indices.withUnsafeBufferPointer { js in
        for j in js { bits[Int(j) >> 6] |= 1 &<< UInt64(j & 63) }
      }
    }
  }
}
