/// A command-line tool with subcommands as its help, man page and shell completions
/// describe it: one declaration, from which each is generated.
package struct ToolSpec {
  /// The command's name, as typed (`rainbow-ring`).
  package let name: String
  package let version: String
  /// One sentence on what the tool does.
  package let overview: String
  /// The root's own options (`--version`, `--help`).
  package let rootSpecs: [OptionSpec]
  /// The subcommands, in the order help lists them; the first is the default.
  package let commands: [CommandSpec]
  /// The man page's DESCRIPTION after the overview, in troff.
  package let manualDescription: String
  /// The man page's last sections (EXIT STATUS, ENVIRONMENT, SEE ALSO, ...), in troff.
  package let manualSections: String

  package init(
    name: String, version: String, overview: String, rootSpecs: [OptionSpec],
    commands: [CommandSpec], manualDescription: String, manualSections: String
  ) {
    self.name = name
    self.version = version
    self.overview = overview
    self.rootSpecs = rootSpecs
    self.commands = commands
    self.manualDescription = manualDescription
    self.manualSections = manualSections
  }

  /// The name as a shell function's (`_rainbow_ring`).
  var functionName: String { "_" + name.replacingOccurrences(of: "-", with: "_") }
}
