/// A subcommand as its help, the shell completions and the man page all describe it: one
/// declaration, so they cannot disagree.
package struct CommandSpec {
  /// A command line worth copying, with one line on what it does.
  package struct Example {
    package let summary: String
    /// As typed, the tool first; words split at spaces (no quoting), and a shell
    /// redirection or pipe (`> ring.png`, `| ffplay ...`) may follow the tool's arguments.
    package let commandLine: String

    package init(summary: String, commandLine: String) {
      self.summary = summary
      self.commandLine = commandLine
    }

    /// The tool's arguments: the words after the tool's name, up to a redirection or pipe.
    package var arguments: [String] {
      let words = commandLine.split(separator: " ").map(String.init).dropFirst()
      return Array(words.prefix { ![">", "|", "<"].contains($0) })
    }
  }

  package let name: String
  /// One line for the root's SUBCOMMANDS list.
  package let abstract: String
  package let overview: String
  package let usage: String
  package let options: [OptionSpec]
  package let examples: [Example]

  package init(
    name: String, abstract: String, overview: String, usage: String, options: [OptionSpec],
    examples: [Example]
  ) {
    self.name = name
    self.abstract = abstract
    self.overview = overview
    self.usage = usage
    self.options = options
    self.examples = examples
  }

  /// `--help`: OVERVIEW, USAGE, OPTIONS, then EXAMPLES.
  package var help: String {
    Help.render(
      overview: overview, usage: usage, sections: [("OPTIONS", Help.options(options))],
      examples: examples)
  }
}
