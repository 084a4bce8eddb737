/// The extension of an output path, which says what the file holds.
package enum OutputExtension {
  /// The last path component's extension, lowercased (`Ring.PNG` is "png"); `nil` when it
  /// has none (`/dev/stdout`, `frames/`, `.hidden`).
  package static func of(_ path: String) -> String? {
    guard !path.hasSuffix("/") else { return nil }
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...]
    return ext.isEmpty ? nil : ext.lowercased()
  }
}
