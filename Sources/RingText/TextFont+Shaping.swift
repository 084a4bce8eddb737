import CHarfBuzz
import RingGraphics

extension TextFont {
  /// `text` shaped as one line with HarfBuzz: direction, script and language guessed from
  /// the text, kerning on, tabular (`tnum`) digits when `monospacedDigits`, and
  /// `letterSpacing` points added after each character (the `kern` attribute of UIKit's
  /// attributed strings; the spacing goes to the last glyph of each cluster). Line breaks
  /// in `text` are shaped as any other character; a line is one line. `direction`, when
  /// given, overrides the guess (a run that bidirectional layout has already resolved).
  public func shape(
    _ text: String, monospacedDigits: Bool = false, letterSpacing: Double = 0,
    direction: ShapedLine.Direction? = nil
  ) -> ShapedLine {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    let scalars = text.unicodeScalars.map(\.value)
    hb_buffer_add_codepoints(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
    if let direction {
      hb_buffer_set_direction(
        buffer, direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    }
    hb_buffer_guess_segment_properties(buffer)
    var features = [TextFont.feature("kern")]
    if monospacedDigits { features.append(TextFont.feature("tnum")) }
    hb_shape(face.hbFont, buffer, features, UInt32(features.count))

    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    let spacing = letterSpacing.isFinite ? letterSpacing : 0
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(Int(count))
    if let infos, let positions {
      for i in 0..<Int(count) {
        let info = infos[i]
        let position = positions[i]
        let lastOfCluster = i + 1 == Int(count) || infos[i + 1].cluster != info.cluster
        glyphs.append(
          ShapedGlyph(
            glyph: info.codepoint, cluster: Int(info.cluster),
            advance: Double(position.x_advance) * scale + (lastOfCluster ? spacing : 0),
            offset: Point(
              x: Double(position.x_offset) * scale, y: -Double(position.y_offset) * scale)))
      }
    }
    let direction = hb_buffer_get_direction(buffer)
    let language = hb_buffer_get_language(buffer).flatMap { hb_language_to_string($0) }
    return ShapedLine(
      text: text, font: self, glyphs: glyphs,
      direction: direction == HB_DIRECTION_RTL ? .rightToLeft : .leftToRight,
      script: TextFont.tagString(hb_script_to_iso15924_tag(hb_buffer_get_script(buffer))),
      language: language.map { String(cString: $0) } ?? "")
  }

  /// An OpenType feature turned on over the whole line.
  private static func feature(_ tag: String) -> hb_feature_t {
    var feature = hb_feature_t()
    _ = hb_feature_from_string(tag, -1, &feature)
    return feature
  }

  /// A four-letter tag as text (`"Latn"`).
  private static func tagString(_ tag: hb_tag_t) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
