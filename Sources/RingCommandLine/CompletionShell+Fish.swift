extension CompletionShell {
  /// `complete` lines per subcommand and option, with a helper that names the subcommand
  /// being completed. Without a subcommand, options are the player's, as the tool reads them.
  func fishScript(_ tool: ToolSpec) -> String {
    let commands = tool.commands
    let names = commands.map(\.name)
    var s = header(tool)
    s += """
      function _\(tool.functionName)_using --description 'Whether the command line is \(tool.name) $argv[1]'
          set -l words (commandline -opc)
          set -l command \(names[0])
          if set -q words[2]; and contains -- $words[2] \(names.joined(separator: " ")) help
              set command $words[2]
          end
          test "$command" = "$argv[1]"
      end

      complete -c \(tool.name) -f
      complete -c \(tool.name) -n 'test (count (commandline -opc)) -eq 1' -a help -d 'Show help for a subcommand.'

      """
    for command in commands {
      s +=
        "complete -c \(tool.name) -n 'test (count (commandline -opc)) -eq 1' -a \(command.name) -d \(fishQuoted(command.abstract))\n"
      s +=
        "complete -c \(tool.name) -n '_\(tool.functionName)_using help; and test (count (commandline -opc)) -eq 2' -a \(command.name) -d \(fishQuoted(command.abstract))\n"
    }
    for command in commands {
      s += "\n# \(tool.name) \(command.name)\n"
      for spec in command.options {
        var text = spec.help
        if let d = spec.defaultDescription { text += " (default: \(d))" }
        var line = "complete -c \(tool.name) -n '_\(tool.functionName)_using \(command.name)'"
        if let short = spec.short { line += " -s \(short)" }
        line += " -l \(spec.name)"
        switch spec.completion {
        case .choices(let words)?: line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
        case .file?: line += " -r -F"
        case nil: if !spec.isFlag { line += " -x" }
        }
        s += line + " -d \(fishQuoted(text))\n"
        if spec.isInvertible {
          s +=
            "complete -c \(tool.name) -n '_\(tool.functionName)_using \(command.name)' -l no-\(spec.name) -d \(fishQuoted("Turn off --\(spec.name)."))\n"
        }
      }
    }
    return s
  }

  /// A single-quoted fish word.
  private func fishQuoted(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      + "'"
  }
}
