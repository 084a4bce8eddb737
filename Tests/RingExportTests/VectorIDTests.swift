import Foundation
import RainbowRing
import Testing

@testable import RingExport

/// Element ids: 64 bits of FNV-1a over the whole file, so any two files that differ keep
/// their gradients apart when inlined in one page, and the same file keeps its id.
@Suite struct VectorIDTests {
  /// FNV-1a 64's published test vectors: a fixed hash, not Swift's per-process seeded one.
  @Test(arguments: [
    ("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c),
    ("foobar", 0x8594_4171_f739_67e8),
  ])
  func theHashIsFNV1a64(text: String, hash: UInt64) {
    #expect(VectorID.fnv1a64(text) == hash, "FNV-1a 64 of \"\(text)\"")
  }

  static func ring(size: Double, width: Double, step: Double = 0.1) throws -> RingScene {
    try RingScene(
      ring: RainbowRing(
        size: Size(width: size, height: size), ringWidth: width, stepDuration: .seconds(step)))
  }

  /// A file and the name of what it is.
  struct File: CustomTestStringConvertible, Sendable {
    let name: String
    let text: @Sendable () throws -> String
    var testDescription: String { name }
  }

  /// Files that differ in one thing each: the ring (two rings whose 24-bit ids collided),
  /// still or loop, the time, the loop count, the motion, the page.
  static let files: [File] = [
    File(name: "100/21.2 loop") { try SVGDocument.animated(ring(size: 100, width: 21.2)) },
    File(name: "116/21.6 loop") { try SVGDocument.animated(ring(size: 116, width: 21.6)) },
    File(name: "seed loop") { try SVGDocument.animated(RingScene()) },
    File(name: "seed loop, 1 play") { try SVGDocument.animated(RingScene(), plays: 1) },
    File(name: "seed loop, 2 plays") { try SVGDocument.animated(RingScene(), plays: 2) },
    File(name: "seed loop, CSS") { try SVGDocument.animated(RingScene(), motion: .css) },
    File(name: "seed loop, CSS, 2 plays") {
      try SVGDocument.animated(RingScene(), motion: .css, plays: 2)
    },
    File(name: "seed still at 0") { try SVGDocument.still(RingScene(), at: .zero) },
    File(name: "seed still at 0.05 s") {
      try SVGDocument.still(RingScene(), at: .milliseconds(50))
    },
    File(name: "seed still on white") {
      try SVGDocument.still(RingScene(background: .white), at: .zero)
    },
    File(name: "seed page") { try HTMLPage.page(RingScene()) },
    File(name: "seed page, 3 plays") { try HTMLPage.page(RingScene(), plays: 3) },
  ]

  /// The ids a file's text names: `id="..."` (a page's buttons carry suffixes).
  static func ids(_ text: String) -> Set<String> {
    var found = Set<String>()
    var rest = text[...]
    while let start = rest.range(of: "rr") {
      let hex = rest[start.upperBound...].prefix(16)
      if hex.count == 16, hex.allSatisfy(\.isHexDigit) { found.insert("rr" + hex) }
      rest = rest[start.upperBound...]
    }
    return found
  }

  @Test func everyFileHasItsOwnIdOf64Bits() throws {
    var seen: [String: String] = [:]
    for file in Self.files {
      let text = try file.text()
      let ids = Self.ids(text)
      try #require(ids.count == 1, "\(file.name): one id, 'rr' and 16 hex digits: \(ids)")
      let id = ids.first!
      #expect(!text.contains(VectorID.placeholder), "\(file.name): the placeholder is replaced")
      #expect(try file.text() == text, "\(file.name): the same file twice is the same text")
      if let other = seen[id] { Issue.record("\(file.name) and \(other) share the id \(id)") }
      seen[id] = file.name
    }
  }

  /// The id is the hash of the text with the placeholder where the id goes: everything
  /// written shapes it.
  @Test(arguments: files) func theIdHashesTheWholeFile(_ file: File) throws {
    let text = try file.text()
    let id = try #require(Self.ids(text).first)
    let unstamped = text.replacingOccurrences(of: id, with: VectorID.placeholder)
    #expect(VectorID.id(of: unstamped) == id, "\(file.name)")
  }
}
