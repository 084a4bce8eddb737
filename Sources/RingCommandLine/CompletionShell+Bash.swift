extension CompletionShell {
  /// A `complete -F` function in plain bash (no bash-completion helpers needed). Without a
  /// subcommand, options are the player's, as the tool reads them.
  func bashScript(_ tool: ToolSpec) -> String {
    let commands = tool.commands
    let names = commands.map(\.name)
    var s = header(tool)
    s += """
      \(tool.functionName)() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="" option=""
        (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
        COMPREPLY=()
        if (( COMP_CWORD == 1 )) && [[ $cur != -* ]]; then
          COMPREPLY=($(compgen -W '\(names.joined(separator: " ")) help' -- "$cur"))
          return 0
        fi
        # --option=value arrives as three words: --option, =, value.
        if [[ $cur == = ]]; then
          option="$prev"
          cur=""
        elif [[ $prev == = ]] && (( COMP_CWORD > 2 )); then
          option="${COMP_WORDS[COMP_CWORD-2]}"
        else
          option="$prev"
        fi
        case "${COMP_WORDS[1]}" in
          help)
            (( COMP_CWORD == 2 )) && COMPREPLY=($(compgen -W '\(names.joined(separator: " "))' -- "$cur"))
            return 0 ;;

      """
    for command in commands {
      s += "    \(command.name)) \(tool.functionName)_\(command.name) \"$option\" ;;\n"
    }
    s += """
          *) \(tool.functionName)_\(names[0]) "$option" ;;
        esac
        return 0
      }

      """
    for command in commands { s += bashFunction(command, tool) }
    s += "complete -F \(tool.functionName) \(tool.name)\n"
    return s
  }

  private func bashFunction(_ command: CommandSpec, _ tool: ToolSpec) -> String {
    var s = "\(tool.functionName)_\(command.name)() {\n  case \"$1\" in\n"
    for spec in command.options where !spec.isFlag {
      let spellings = ([spec.short.map { "-\($0)" }] + ["--\(spec.name)"]).compactMap { $0 }
      s += "    \(spellings.joined(separator: "|")))\n"
      switch spec.completion {
      case .choices(let words)?:
        s += "      COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\"))\n"
      case .file?:
        s += "      compopt -o filenames 2>/dev/null\n"
        // One name a line, unsplit and unglobbed: names with spaces or '*' stay whole.
        s += "      mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
      case nil:
        break  // a number or a colour: nothing to offer
      }
      s += "      return 0 ;;\n"
    }
    let words = command.options.flatMap { spec in
      (spec.short.map { ["-\($0)"] } ?? []) + spec.longNames
    }
    s += """
        esac
        COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- "$cur"))
      }


      """
    return s
  }
}
