import CFreeType
import RingTestSupport

/// FreeType's own anti-aliased rendering, the reference for ours: each glyph loaded
/// unhinted at the size, moved to its pen position (26.6), rendered by FreeType's gray
/// rasterizer (`FT_RENDER_MODE_NORMAL`) and added (saturating) into an 8-bit canvas, y down.
///
/// It opens its own library and face, sharing nothing with `RingText`.
func freeTypeCoverage(
  file: String, size: Double, glyphs: [(glyph: UInt32, x: Double, y: Double)], width: Int,
  height: Int
) throws -> [UInt8] {
  var library: FT_Library?
  guard FT_Init_FreeType(&library) == 0, let library else {
    throw ToolFailure(message: "FT_Init_FreeType failed")
  }
  defer { FT_Done_FreeType(library) }
  var face: FT_Face?
  guard FT_New_Face(library, file, 0, &face) == 0, let face else {
    throw ToolFailure(message: "FT_New_Face failed for \(file)")
  }
  defer { FT_Done_Face(face) }
  // One point is one pixel: the em is `size` pixels.
  guard FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) == 0 else {
    throw ToolFailure(message: "FT_Set_Char_Size failed")
  }
  var canvas = [UInt8](repeating: 0, count: width * height)
  for placed in glyphs {
    guard FT_Load_Glyph(face, placed.glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
      let slot = face.pointee.glyph
    else { throw ToolFailure(message: "FT_Load_Glyph failed for glyph \(placed.glyph)") }
    // FreeType's y grows upward from the canvas's bottom edge.
    FT_Outline_Translate(
      &slot.pointee.outline, FT_Pos((placed.x * 64).rounded()),
      FT_Pos(((Double(height) - placed.y) * 64).rounded()))
    guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else {
      throw ToolFailure(message: "FT_Render_Glyph failed for glyph \(placed.glyph)")
    }
    let bitmap = slot.pointee.bitmap
    let left = Int(slot.pointee.bitmap_left)
    let top = height - Int(slot.pointee.bitmap_top)
    for row in 0..<Int(bitmap.rows) {
      for column in 0..<Int(bitmap.width) {
        let x = left + column
        let y = top + row
        guard x >= 0, x < width, y >= 0, y < height else { continue }
        let value = Int(bitmap.buffer[row * Int(bitmap.pitch) + column])
        canvas[y * width + x] = UInt8(min(255, Int(canvas[y * width + x]) + value))
      }
    }
  }
  return canvas
}

/// FreeType's rendering at 8 times the size, each 8 x 8 block averaged into one pixel: the
/// same coverage with an eighth of FreeType's curve-flattening error.
func supersampledFreeTypeCoverage(
  file: String, size: Double, glyphs: [(glyph: UInt32, x: Double, y: Double)], width: Int,
  height: Int
) throws -> [UInt8] {
  let k = 8
  let scale = Double(k)
  let fine = try freeTypeCoverage(
    file: file, size: size * scale, glyphs: glyphs.map { ($0.glyph, $0.x * scale, $0.y * scale) },
    width: width * k, height: height * k)
  var coarse = [UInt8](repeating: 0, count: width * height)
  for y in 0..<height {
    for x in 0..<width {
      var sum = 0
      for row in y * k..<(y + 1) * k {
        for column in x * k..<(x + 1) * k { sum += Int(fine[row * width * k + column]) }
      }
      coarse[y * width + x] = UInt8((Double(sum) / Double(k * k)).rounded())
    }
  }
  return coarse
}
