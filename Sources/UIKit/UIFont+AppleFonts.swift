import RingText

extension UIFont {
  /// The fonts iOS ships that code names (`"HelveticaNeue-Bold"`, `"Avenir Next"`,
  /// `"Menlo-Regular"`), none of them installed here: each is drawn with the nearest
  /// installed font of its kind (Helvetica's and Arial's metric twins, Nimbus Sans or
  /// Liberation Sans; Times's, Liberation Serif; Courier's, Liberation Mono) that has a
  /// face near the weight and of the slant its name says, or else the system font. Nil for
  /// any other name, as iOS gives for a font it does not have.
  enum AppleFonts {
    /// Families iOS ships, as their PostScript prefixes and family names are written
    /// (lowercased, without spaces), each with the installed families that stand in.
    static let families: [String: [String]] = {
      let sans = ["Nimbus Sans", "Liberation Sans"]
      let serif = ["Liberation Serif", "DejaVu Serif"]
      let mono = ["Liberation Mono", "DejaVu Sans Mono"]
      let system: [String] = []
      var table: [String: [String]] = [:]
      for name in ["helveticaneue", "helvetica", "arial", "arialmt", "arialroundedmt"] {
        table[name] = sans
      }
      for name in [
        "timesnewroman", "timesnewromanps", "times", "georgia", "palatino", "baskerville",
        "didot", "hoeflertext", "cochin", "bodoni72", "charter", "optima",
      ] {
        table[name] = serif
      }
      for name in [
        "menlo", "courier", "couriernew", "couriernewps", "americantypewriter", "sfmono",
      ] {
        table[name] = mono
      }
      for name in [
        "avenir", "avenirnext", "avenirnextcondensed", "futura", "gillsans", "verdana",
        "trebuchetms", "kailasa", "galvji", "sfpro", "sfprotext", "sfprodisplay", "sfui",
        ".sfui", "sfuitext", "sfuidisplay", "applesdgothicneo", "chalkboardse", "markerfelt",
        "noteworthy", "chalkduster",
      ] {
        table[name] = system
      }
      return table
    }()

    /// Weights named in PostScript style suffixes, heaviest names first where one contains
    /// another.
    static let weights: [(String, TextFont.Weight)] = [
      ("ultralight", .ultraLight), ("extralight", .thin), ("thin", .thin), ("light", .light),
      ("semibold", .semibold), ("demibold", .semibold), ("extrabold", .heavy),
      ("bold", .bold), ("heavy", .heavy), ("black", .black), ("medium", .medium),
    ]

    /// The stand-in for `name` at `size` points, or nil when it is not an iOS font.
    static func font(named name: String, size: Double) -> TextFont? {
      let lower = name.lowercased()
      let parts = lower.split(separator: "-", maxSplits: 1).map(String.init)
      // An empty name (or only a dash) names no font, as on iOS.
      guard let first = parts.first else { return nil }
      let family = first.replacingOccurrences(of: " ", with: "")
      guard let standIns = families[family] else { return nil }
      let styleName = parts.count > 1 ? parts[1] : ""
      let weight = weights.first { styleName.contains($0.0) }?.1 ?? .regular
      let style: TextFont.Style =
        styleName.contains("italic") || styleName.contains("oblique") ? .italic : .normal
      // A stand-in that has a face near the weight and of the slant named; else the system
      // font, which has every weight.
      func near(_ font: TextFont) -> Bool {
        abs(font.weight.value - weight.value) <= 100
          && (style == .normal || font.styleName.lowercased().contains("italic"))
      }
      let font =
        standIns.lazy.compactMap {
          try? TextFont(family: $0, size: size, weight: weight, style: style)
        }.first(where: near) ?? (try? TextFont.systemFont(size: size, weight: weight, style: style))
      if let font {
        Notice.once(
          "apple-font-\(name)",
          "'\(name)' is an iOS font, not installed here: drawn as \(font.postScriptName)")
      }
      return font
    }
  }
}
