extension CompletionShell {
  /// An `_arguments` function per subcommand, autoloaded as `_NAME` from `fpath`.
  /// Without a subcommand, options are the player's, as the tool reads them.
  func zshScript(_ tool: ToolSpec) -> String {
    let commands = tool.commands
    var s = "#compdef \(tool.name)\n" + header(tool)
    for command in commands {
      s += "\n_\(tool.name)_\(command.name)() {\n  _arguments -s -S : \\\n"
      s += command.options.flatMap(zshSpecs).map { "    \($0)" }.joined(separator: " \\\n")
      s += "\n}\n"
    }
    let described =
      (commands.map { ($0.name, $0.abstract) }
      + [("help", "Show help for a subcommand.")]).map { zshQuoted("\($0):\($1)") }
    s += """

      _\(tool.name)() {
        local -a subcommands
        subcommands=(\(described.joined(separator: " ")))
        if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
          _describe -t subcommands '\(tool.name) subcommand' subcommands
          return
        fi
        case $words[2] in
          help)
            if (( CURRENT == 3 )); then
              local -a named
              named=(${subcommands[1,-2]})
              _describe -t subcommands 'subcommand' named
            fi ;;
          \(commands.map(\.name).joined(separator: "|")))
            local name=$words[2]
            shift words
            (( CURRENT-- ))
            _\(tool.name)_$name ;;
          *) _\(tool.name)_\(commands[0].name) ;;
        esac
      }

      _\(tool.name) "$@"

      """
    return s
  }

  /// `_arguments` specs for one option: each spelling, excluding the others.
  private func zshSpecs(_ spec: OptionSpec) -> [String] {
    var text = spec.help
    if let d = spec.defaultDescription { text += " (default: \(d))" }
    let description = "[" + zshBracketed(text) + "]"
    guard let valueName = spec.valueName else {
      guard spec.isInvertible else {
        let spellings = (spec.short.map { ["-\($0)"] } ?? []) + ["--\(spec.name)"]
        let exclusion = "(\(spellings.joined(separator: " ")))"
        return spellings.map { zshQuoted(exclusion + $0 + description) }
      }
      let exclusion = "(--\(spec.name) --no-\(spec.name))"
      return [
        zshQuoted(exclusion + "--\(spec.name)" + description),
        zshQuoted(exclusion + "--no-\(spec.name)[Turn off --\(spec.name).]"),
      ]
    }
    let action: String
    switch spec.completion {
    case .choices(let words)?: action = "(\(words.joined(separator: " ")))"
    case .file?: action = "_files"
    case nil: action = " "
    }
    let value = ":\(valueName):\(action)"
    let spellings = (spec.short.map { ["-\($0)+"] } ?? []) + ["--\(spec.name)="]
    let exclusion =
      "("
      + ((spec.short.map { ["-\($0)"] } ?? []) + ["--\(spec.name)"])
      .joined(separator: " ") + ")"
    return spellings.map { zshQuoted(exclusion + $0 + description + value) }
  }

  /// Text inside `_arguments`' brackets: brackets and backslashes escaped.
  private func zshBracketed(_ text: String) -> String {
    var s = ""
    for c in text {
      if c == "[" || c == "]" || c == "\\" || c == ":" { s.append("\\") }
      s.append(c)
    }
    return s
  }

  /// A single-quoted zsh word.
  private func zshQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
