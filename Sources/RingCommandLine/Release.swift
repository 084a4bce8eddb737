/// The release every command and program built on the engine reports with `--version`.
package enum Release {
  package static let version = "0.1.0"
}
