/// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, then sections of
/// two-column entries wrapped at 80 columns, then examples.
package enum Help {
  package static let column = 26
  package static let width = 80

  package static func render(
    overview: String, usage: String, sections: [(title: String, entries: [(String, String)])],
    examples: [CommandSpec.Example] = [], footer: String? = nil
  ) -> String {
    var s = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
    for section in sections where !section.entries.isEmpty {
      s += "\n\(section.title):\n"
      for (left, right) in section.entries { s += entry(left, right) }
    }
    if !examples.isEmpty {
      s += "\nEXAMPLES:\n"
      s += examples.map { example in
        wrap(example.summary, width: width - 2).map { "  \($0)\n" }.joined()
          + "    \(example.commandLine)\n"
      }.joined(separator: "\n")
    }
    if let footer { s += "\n  \(footer)\n" }
    return s
  }

  package static func entry(_ left: String, _ right: String) -> String {
    let lead = "  " + left
    var lines = wrap(right, width: width - column)
    if lines.isEmpty { lines = [""] }
    var s: String
    if lead.count <= column - 2 {
      s = lead.padding(toLength: column) + lines[0] + "\n"
    } else {
      s = lead + "\n" + String(repeating: " ", count: column) + lines[0] + "\n"
    }
    for line in lines.dropFirst() { s += String(repeating: " ", count: column) + line + "\n" }
    return s
  }

  package static func options(_ specs: [OptionSpec]) -> [(String, String)] {
    specs.map { spec in
      var text = spec.help
      if let d = spec.defaultDescription { text += " (default: \(d))" }
      return (spec.synopsis, text)
    }
  }

  package static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}

extension String {
  package func padding(toLength n: Int) -> String {
    count >= n ? self : self + String(repeating: " ", count: n - count)
  }
}
