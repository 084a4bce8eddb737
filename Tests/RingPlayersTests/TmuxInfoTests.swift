import Testing

@testable import RingPlayers

@Suite struct TmuxInfoTests {
  /// `tmux display -p '#{allow-passthrough}' ; list-clients -F 'client #{client_termfeatures}'`
  /// as tmux 3.3a prints it.
  @Test(arguments: [
    ("0\n", TmuxInfo(passesTruecolor: true, allowsPassthrough: false)),
    ("1\n", TmuxInfo(passesTruecolor: true, allowsPassthrough: true)),
    (
      "0\nclient bpaste,ccolour,clipboard,cstyle,focus,title\n",
      TmuxInfo(passesTruecolor: false, allowsPassthrough: false)
    ),
    (
      "on\nclient bpaste,ccolour,clipboard,cstyle,focus,RGB,title\n",
      TmuxInfo(passesTruecolor: true, allowsPassthrough: true)
    ),
    (
      "all\nclient title\nclient RGB,title\n",
      TmuxInfo(passesTruecolor: true, allowsPassthrough: true)
    ),
    ("0\nclient \n", TmuxInfo(passesTruecolor: false, allowsPassthrough: false)),
  ])
  func repliesAreRead(reply: String, expected: TmuxInfo) {
    #expect(TmuxInfo(reply: reply) == expected, "\(reply.debugDescription)")
  }

  @Test(arguments: [
    (TmuxInfo(passesTruecolor: true, allowsPassthrough: false), TerminalPlayer.Graphics.truecolor),
    (TmuxInfo(passesTruecolor: false, allowsPassthrough: false), .palette256),
  ])
  func tmuxDecidesTruecolorUnderA256ColourTerm(tmux: TmuxInfo, expected: TerminalPlayer.Graphics) {
    let env = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
    #expect(TerminalPlayer.detectGraphics(env, tmux: tmux) == expected, "\(tmux)")
  }

  @Test func kittyPassthroughDoublesEachEscapeAndWrapsEachChunk() {
    let two = "\u{1B}_Ga=T,m=1;AAAA\u{1B}\\\u{1B}_Gm=0;BBBB\u{1B}\\"
    let wrapped = KittyGraphics.tmuxPassthrough(two)
    #expect(
      wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,m=1;AAAA\u{1B}\u{1B}\\\u{1B}\\"
        + "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;BBBB\u{1B}\u{1B}\\\u{1B}\\",
      "\(wrapped.debugDescription)")
  }
}
