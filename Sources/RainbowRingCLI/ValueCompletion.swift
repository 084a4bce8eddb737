/// What a shell's completion offers for an option's value.
enum ValueCompletion: Equatable {
  /// One of these words (`--gradient axial|radial|conic`).
  case choices([String])
  /// A file name.
  case file
}
