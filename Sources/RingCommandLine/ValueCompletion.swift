/// What a shell's completion offers for an option's value.
package enum ValueCompletion: Equatable {
  /// One of these words (`--gradient axial|radial|conic`).
  case choices([String])
  /// A file name.
  case file
}

extension ValueCompletion {
  /// The named colours a colour option takes (any #RRGGBB or #RRGGBBAA too).
  package static let namedColors = ValueCompletion.choices(["transparent", "white", "black"])
}
