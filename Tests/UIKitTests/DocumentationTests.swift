import Foundation
import RingLayers
import RingTestSupport
import Testing

/// docs/UIKit.md cannot drift from the code: its symbol list is generated from the built
/// module by the compiler's `swift-symbolgraph-extract`, every API it names in prose exists,
/// and its list of animated key paths is the engine's. With `RAINBOW_RING_RECORD_DOCS=1`
/// the generated section is rewritten (then the test fails on purpose: look and commit).
@Suite struct DocumentationTests {
  static let docsPath = UIKitProgram.repository.appendingPathComponent("docs/UIKit.md").path
  static let marker = "## Every public symbol"

  /// (type or global, member or nil, kind) for every public symbol of the UIKit module and
  /// its extensions of Foundation's types.
  static func symbols() throws -> [(owner: String, member: String?, kind: String)] {
    let modules = URL(fileURLWithPath: try runningExecutable()).deletingLastPathComponent()
      .appendingPathComponent("Modules").path
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("sg-\(UUID())")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: out) }
    let sources = UIKitProgram.repository.appendingPathComponent("Sources").path
    #if arch(arm64)
      let target = "aarch64-unknown-linux-gnu"
    #else
      let target = "x86_64-unknown-linux-gnu"
    #endif
    // The system-library targets' module maps, the one SwiftPM writes for the module's own
    // C target, and the header folders pkg-config gives for FreeType and HarfBuzz
    // (RingText's).
    let cModules = ["CZlib", "CLinux", "CX11", "CFreeType", "CHarfBuzz", "CFontconfig"]
    let headers = String(
      decoding: try runTool(
        "pkg-config", ["--cflags-only-I", "freetype2", "harfbuzz", "fontconfig"]),
      as: UTF8.self
    ).split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
    let ownModuleMap = "-fmodule-map-file=\(modules)/../CSwiftCall.build/module.modulemap"
    let paths: [String] =
      ["-I", modules] + cModules.flatMap { ["-I", sources + "/" + $0] }
      + (headers + [ownModuleMap]).flatMap { ["-Xcc", $0] }
    _ = try runTool(
      "swift-symbolgraph-extract",
      ["-module-name", "UIKit"] + paths
        + [
          "-target", target, "-output-dir", out.path, "-minimum-access-level", "public",
        ])
    var found: [(String, String?, String)] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() {
      let data = try Data(contentsOf: out.appendingPathComponent(file))
      let graph = try JSONSerialization.jsonObject(with: data) as! [String: Any]
      for symbol in graph["symbols"] as! [[String: Any]] {
        let path = symbol["pathComponents"] as! [String]
        let kind = (symbol["kind"] as! [String: Any])["identifier"] as! String
        found.append((path[0], path.count > 1 ? path[1...].joined(separator: ".") : nil, kind))
      }
    }
    return found
  }

  /// Synthesized conformances, not API anyone writes.
  static let noise: Set<String> = ["hash(into:)", "hashValue", "init(rawValue:)", "rawValue"]

  /// The generated section: each type or extended type with its members, then the global
  /// functions and constants.
  static func reference(_ symbols: [(owner: String, member: String?, kind: String)]) -> String {
    var members: [String: Set<String>] = [:]
    var kinds: [String: String] = [:]
    var globals: Set<String> = []
    for s in symbols where s.kind != "swift.func.op" {
      if let member = s.member {
        guard !noise.contains(member), !member.hasPrefix("!=") else { continue }
        members[s.owner, default: []].insert(member)
      } else if ["swift.func", "swift.var"].contains(s.kind) {
        globals.insert(s.owner)
      } else {
        kinds[s.owner] = String(s.kind.split(separator: ".").last!)
        members[s.owner, default: []] = members[s.owner, default: []]
      }
    }
    var lines = [
      marker, "",
      "Generated from the built module by `swift-symbolgraph-extract` and checked by",
      "`DocumentationTests` (rewrite with `RAINBOW_RING_RECORD_DOCS=1`): what the tables",
      "above describe, name by name.", "",
    ]
    for owner in members.keys.sorted() {
      let kind = kinds[owner] ?? "extension"
      let list = members[owner]!.sorted().map { "`\($0)`" }.joined(separator: ", ")
      lines.append("- `\(owner)` (\(kind))" + (list.isEmpty ? "" : ": " + list))
    }
    lines.append(
      "- Functions and constants: " + globals.sorted().map { "`\($0)`" }.joined(separator: ", "))
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func theSymbolListIsTheCodes() throws {
    let docs = try String(contentsOfFile: Self.docsPath, encoding: .utf8)
    let generated = Self.reference(try Self.symbols())
    let start = docs.range(of: Self.marker)?.lowerBound ?? docs.endIndex
    let current = String(docs[start...])
    if ProcessInfo.processInfo.environment["RAINBOW_RING_RECORD_DOCS"] != nil {
      let head = String(docs[..<start])
      try (head.hasSuffix("\n\n") ? head : head + "\n" + (head.hasSuffix("\n") ? "" : "\n"))
        .appending(generated).write(toFile: Self.docsPath, atomically: true, encoding: .utf8)
      Issue.record("rewrote the symbol list of docs/UIKit.md: look at it and commit it")
      return
    }
    #expect(
      current == generated,
      "docs/UIKit.md's symbol list is not the module's: run the test with RAINBOW_RING_RECORD_DOCS=1"
    )
  }

  /// Every Core Animation, Core Graphics, UIKit or Foundation name the prose (above the
  /// generated list) puts in backticks is a symbol of the module or Foundation's.
  @Test func everyNameInTheProseExists() throws {
    let docs = try String(contentsOfFile: Self.docsPath, encoding: .utf8)
    let prose = String(docs[..<(docs.range(of: Self.marker)?.lowerBound ?? docs.endIndex)])
    let symbols = try Self.symbols()
    // Names without their argument labels: `CATransform3DMakeRotation`, `init`, `frame`.
    func base(_ name: String) -> String { String(name.prefix { $0 != "(" }) }
    var known = Set(symbols.map { base($0.owner) })
    for s in symbols {
      if let m = s.member { known.insert(base(String(m.split(separator: ".").last ?? ""))) }
    }
    let foundation: Set<String> = [
      "CGFloat", "CGPoint", "CGSize", "CGRect", "NSObject", "NSNumber", "NSValue", "NSNull",
      "NSCoder", "NSCoding", "NSSecureCoding", "NSStringFromClass", "NSClassFromString",
    ]
    var missing: [String] = []
    let pattern = try NSRegularExpression(pattern: "`((?:UI|CA|CG|NS|kCA)[A-Za-z0-9_]+)")
    let range = NSRange(prose.startIndex..., in: prose)
    for match in pattern.matches(in: prose, range: range) {
      let name = String(prose[Range(match.range(at: 1), in: prose)!])
      if !known.contains(name) && !foundation.contains(name) && !missing.contains(name) {
        missing.append(name)
      }
    }
    // Names the prose lists as missing from the module are allowed there only.
    let lacks = prose.range(of: "## What it lacks").map { prose[$0.lowerBound...] } ?? ""
    missing.removeAll { lacks.contains("`\($0)") }
    #expect(missing.isEmpty, "named in docs/UIKit.md but not in the module: \(missing)")
  }

  /// The list of animated key paths is the engine's: every animatable property is in it,
  /// and it names nothing else as a property.
  @Test func theAnimatedKeyPathsAreTheEngines() throws {
    let docs = try String(contentsOfFile: Self.docsPath, encoding: .utf8)
    let start = try #require(docs.range(of: "Key paths animated:"))
    let end = try #require(docs.range(of: "\n\n", range: start.upperBound..<docs.endIndex))
    let paragraph = String(docs[start.lowerBound..<end.lowerBound])
    let names = LayerProperties.animatable.map(\.name)
    for name in names {
      #expect(paragraph.contains("`\(name)`"), "'\(name)' is animatable but not listed")
    }
    let pattern = try NSRegularExpression(pattern: "`([a-zA-Z]+)`")
    let listed = pattern.matches(
      in: paragraph, range: NSRange(paragraph.startIndex..., in: paragraph)
    )
    .map { String(paragraph[Range($0.range(at: 1), in: paragraph)!]) }
    let extra = Set(listed).subtracting(names).subtracting(["CAValueFunction"])
    #expect(extra.isEmpty, "listed as animated but not animatable: \(extra.sorted())")
  }
}
