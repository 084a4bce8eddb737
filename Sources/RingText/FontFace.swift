import CFreeType
import CHarfBuzz
import Foundation
import RingGraphics
import Synchronization

/// One face of one font file, open in FreeType (outlines, metrics) and in HarfBuzz
/// (shaping), with its glyph outlines cached.
///
/// Faces are opened once per (file, face index) and kept for the life of the process, so
/// every `TextFont` of a face, whatever its size, shares one outline cache. Thread safety: the
/// FreeType face and the outline cache are used only under the FreeType library's lock;
/// the HarfBuzz font is not changed after it is made, and HarfBuzz shapes with an
/// unchanging font from any thread.
final class FontFace: @unchecked Sendable {
  let file: String
  let faceIndex: Int
  /// Font design units per em.
  let unitsPerEm: Double
  let familyName: String
  let styleName: String
  let postScriptName: String
  /// Vertical metrics in font units, y up, as FreeType gives them: the descender is
  /// negative, `lineSpacing` is ascender - descender + line gap.
  let ascender: Double
  let descender: Double
  let lineSpacing: Double
  /// CSS-like weight from the OS/2 table (400 when it has none).
  let weight: Double
  let isItalic: Bool
  /// The underline's centre below the baseline and its thickness, and the strikeout's
  /// bottom above the baseline and its thickness, in font units (a twentieth of an em
  /// thick, at a tenth and a quarter of an em, where the font does not say).
  let underlinePosition: Double
  let underlineThickness: Double
  let strikeoutPosition: Double
  let strikeoutThickness: Double
  /// From the OS/2 table; nil when the font does not say (then measured from "H" and "x").
  private let os2CapHeight: Double?
  private let os2XHeight: Double?

  private let library: FreeTypeLibrary
  private let ftFace: FT_Face
  /// The HarfBuzz font, its scale set to the units per em.
  let hbFont: OpaquePointer
  /// Outlines in font units, y down, by glyph id; guarded by the library's lock.
  private var outlines: [UInt32: BezierPath] = [:]

  private static let openFaces = Mutex<[String: FontFace]>([:])

  /// The face `faceIndex` of `file`, opened on first use.
  static func open(file: String, faceIndex: Int) throws -> FontFace {
    let key = "\(faceIndex):\(file)"
    return try openFaces.withLock { faces in
      if let face = faces[key] { return face }
      let face = try FontFace(file: file, faceIndex: faceIndex)
      faces[key] = face
      return face
    }
  }

  private init(file: String, faceIndex: Int) throws {
    let library = try FreeTypeLibrary.shared.get()
    self.library = library
    self.file = file
    self.faceIndex = faceIndex
    let (face, hbFont) = try library.locked { () throws -> (FT_Face, OpaquePointer) in
      var face: FT_Face?
      guard FT_New_Face(library.handle, file, FT_Long(faceIndex), &face) == 0, let face else {
        throw RingError(.invalidFont, "FreeType cannot read face \(faceIndex) of '\(file)'")
      }
      let units = face.pointee.units_per_EM
      // At one pixel per font unit, unhinted outlines come out in 26.6 font units: exact
      // for TrueType, and CFF's fractional coordinates kept to 1/64 of a unit.
      guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, units > 0,
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(units)) == 0
      else {
        FT_Done_Face(face)
        throw RingError(.invalidFont, "'\(file)' is not a scalable (outline) font")
      }
      guard let blob = hb_blob_create_from_file_or_fail(file) else {
        FT_Done_Face(face)
        throw RingError(.invalidFont, "HarfBuzz cannot read '\(file)'")
      }
      let hbFace = hb_face_create(blob, UInt32(faceIndex))
      hb_blob_destroy(blob)
      let hbFont = hb_font_create(hbFace)!
      hb_face_destroy(hbFace)
      hb_font_set_scale(hbFont, Int32(units), Int32(units))
      hb_font_make_immutable(hbFont)
      return (face, hbFont)
    }
    ftFace = face
    self.hbFont = hbFont
    let record = face.pointee
    unitsPerEm = Double(record.units_per_EM)
    familyName = record.family_name.map { String(cString: $0) } ?? ""
    styleName = record.style_name.map { String(cString: $0) } ?? ""
    postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? familyName
    ascender = Double(record.ascender)
    descender = Double(record.descender)
    lineSpacing = Double(record.height)
    let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
    let hasHeights = os2.map { $0.version >= 2 && $0.version != 0xFFFF } ?? false
    weight =
      os2.map { $0.usWeightClass >= 1 && $0.usWeightClass <= 1000 } == true
      ? Double(os2!.usWeightClass) : 400
    isItalic = record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
    os2CapHeight = hasHeights && os2!.sCapHeight > 0 ? Double(os2!.sCapHeight) : nil
    os2XHeight = hasHeights && os2!.sxHeight > 0 ? Double(os2!.sxHeight) : nil
    let em = Double(record.units_per_EM)
    underlineThickness =
      record.underline_thickness > 0 ? Double(record.underline_thickness) : em / 20
    underlinePosition =
      record.underline_position < 0 ? -Double(record.underline_position) : em / 10
    let strikeSize = os2.map { Double($0.yStrikeoutSize) } ?? 0
    let strikePosition = os2.map { Double($0.yStrikeoutPosition) } ?? 0
    strikeoutThickness = strikeSize > 0 ? strikeSize : underlineThickness
    strikeoutPosition = strikePosition > 0 ? strikePosition : em / 4
  }

  deinit {
    hb_font_destroy(hbFont)
    library.locked { _ = FT_Done_Face(ftFace) }
  }

  /// Cap height in font units: the OS/2 table's, else the top of "H".
  var capHeight: Double { os2CapHeight ?? height(of: "H") }
  /// x-height in font units: the OS/2 table's, else the top of "x".
  var xHeight: Double { os2XHeight ?? height(of: "x") }

  private func height(of character: Unicode.Scalar) -> Double {
    guard let glyph = glyph(for: character), let bounds = outline(of: glyph).controlBounds
    else { return 0 }
    return -bounds.minY
  }

  /// The glyph `character` maps to through the font's character map, if any.
  func glyph(for character: Unicode.Scalar) -> UInt32? {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(hbFont, character.value, &glyph) != 0 ? glyph : nil
  }

  /// The glyph's name in the font (`post` or CFF table), if it has names.
  func glyphName(_ glyph: UInt32) -> String? {
    var buffer = [CChar](repeating: 0, count: 128)
    guard hb_font_get_glyph_name(hbFont, glyph, &buffer, UInt32(buffer.count)) != 0 else {
      return nil
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The unhinted outline of `glyph` in font units, y down, the pen at the origin; an empty
  /// path for a glyph without one (a space) or a glyph id the font does not have.
  func outline(of glyph: UInt32) -> BezierPath {
    library.locked {
      if let path = outlines[glyph] { return path }
      let path = loadOutline(glyph)
      outlines[glyph] = path
      return path
    }
  }

  /// Loads and decomposes one outline; the caller holds the lock.
  private func loadOutline(_ glyph: UInt32) -> BezierPath {
    let flags = FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
    guard FT_Load_Glyph(ftFace, glyph, flags) == 0,
      let slot = ftFace.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
    else { return BezierPath() }
    return GlyphOutline.path(of: &slot.pointee.outline)
  }
}
