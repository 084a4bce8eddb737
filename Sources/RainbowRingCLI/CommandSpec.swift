/// A subcommand as its help, the shell completions and the man page all describe it: one
/// declaration, so they cannot disagree.
struct CommandSpec {
  /// A command line worth copying, with one line on what it does.
  struct Example {
    let summary: String
    /// As typed, `rainbow-ring` first; words split at spaces (no quoting), and a shell
    /// redirection or pipe (`> ring.png`, `| ffplay ...`) may follow the tool's arguments.
    let commandLine: String

    /// The tool's arguments: the words after `rainbow-ring`, up to a redirection or pipe.
    var arguments: [String] {
      let words = commandLine.split(separator: " ").map(String.init).dropFirst()
      return Array(words.prefix { ![">", "|", "<"].contains($0) })
    }
  }

  let name: String
  /// One line for the root's SUBCOMMANDS list.
  let abstract: String
  let overview: String
  let usage: String
  let options: [OptionSpec]
  let examples: [Example]

  /// `--help`: OVERVIEW, USAGE, OPTIONS, then EXAMPLES.
  var help: String {
    Help.render(
      overview: overview, usage: usage, sections: [("OPTIONS", Help.options(options))],
      examples: examples)
  }
}
