import Foundation
import RingGraphics

/// An effect a `UIVisualEffectView` shows.
@preconcurrency @MainActor
open class UIVisualEffect {
  public init() {}
}

/// Frosted glass: what lies beneath is blurred, saturated and tinted. The classic styles
/// use the values of Apple's ImageEffects sample (light: a blur of 30 points, saturation
/// 1.8, white at 30%; extra light: 20 points, 97% white at 82%; dark: 20 points, 11% white at
/// 73%); the materials are close to them (Apple does not publish theirs).
open class UIBlurEffect: UIVisualEffect {
  public enum Style: Int, Sendable {
    case extraLight, light, dark
    case regular = 4
    case prominent
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial
    case systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight
    case systemThickMaterialLight, systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark
    case systemThickMaterialDark, systemChromeMaterialDark
  }

  public let style: Style

  public init(style: Style) {
    self.style = style
    super.init()
  }

  /// The blur (points), saturation and tint (white level, alpha) the style draws with.
  var look: (sigma: Double, saturation: Double, white: Double, alpha: Double) {
    switch style {
    case .extraLight, .prominent: (20, 1.8, 0.97, 0.82)
    case .light, .regular: (30, 1.8, 1, 0.3)
    case .dark: (20, 1.8, 0.11, 0.73)
    // The system materials follow the light appearance, as a window here has it.
    case .systemUltraThinMaterial, .systemUltraThinMaterialLight: (30, 1.8, 1, 0.18)
    case .systemThinMaterial, .systemThinMaterialLight: (30, 1.8, 1, 0.3)
    case .systemMaterial, .systemMaterialLight: (30, 1.8, 1, 0.5)
    case .systemThickMaterial, .systemThickMaterialLight: (30, 1.8, 1, 0.7)
    case .systemChromeMaterial, .systemChromeMaterialLight: (30, 1.8, 0.97, 0.75)
    case .systemUltraThinMaterialDark: (30, 1.8, 0.11, 0.4)
    case .systemThinMaterialDark: (30, 1.8, 0.11, 0.55)
    case .systemMaterialDark: (30, 1.8, 0.11, 0.7)
    case .systemThickMaterialDark: (30, 1.8, 0.11, 0.82)
    case .systemChromeMaterialDark: (30, 1.8, 0.11, 0.75)
    }
  }
}

extension UIBlurEffect {
  /// The blur beneath, as the view's layer draws it.
  var backdropFilter: BackdropFilter {
    let look = look
    return BackdropFilter(sigma: look.sigma, saturation: look.saturation)
  }

  /// The white tint over the blur.
  var frosting: CGColor { CGColor(gray: look.white, alpha: look.alpha) }
}

public enum UIVibrancyEffectStyle: Int, Sendable {
  case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill
  case separator
}

/// Content made vivid over a blur: drawn here as it is (a note says so once).
open class UIVibrancyEffect: UIVisualEffect {
  public let blurEffect: UIBlurEffect
  public init(blurEffect: UIBlurEffect) {
    self.blurEffect = blurEffect
    super.init()
  }
  public convenience init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
    self.init(blurEffect: blurEffect)
  }
}

/// A view that shows an effect over what lies beneath it: a blur's frosted glass, its
/// content (`contentView`'s subviews) above. Rounded corners (`layer.cornerRadius` with
/// `clipsToBounds`) round the glass too.
open class UIVisualEffectView: UIView {
  /// Where subviews go, filling the view.
  public let contentView = UIView()
  /// The tint over the blur.
  private let tint = CALayer()

  open var effect: UIVisualEffect? {
    didSet {
      effectBefore = oldValue
      applyEffect()
    }
  }
  /// The effect before the last change, which a reversed property animator puts back.
  private var effectBefore: UIVisualEffect?

  /// Puts back the effect before the last change (a reversed property animator ended at
  /// its start, its blur and tint already back).
  func restoreEffectBefore() { effect = effectBefore }

  public init(effect: UIVisualEffect?) {
    self.effect = effect
    super.init(frame: .zero)
    setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    setUp()
  }

  /// A view with no effect yet.
  public convenience init() { self.init(effect: nil) }

  private func setUp() {
    // The view answers for the tint's actions as for its own layer's: a change animates
    // only inside an animation block, with the block's timing.
    tint.delegate = self
    layer.insertSublayer(tint, at: 0)
    contentView.frame = bounds
    // Resized with the view at once, as UIKit's is.
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
    applyEffect()
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    contentView.frame = bounds
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    tint.frame = bounds
    CATransaction.commit()
  }

  private func applyEffect() {
    var filter: BackdropFilter?
    var color: CGColor?
    switch effect {
    case let blur as UIBlurEffect:
      filter = blur.backdropFilter
      color = blur.frosting
    case is UIVibrancyEffect:
      Notice.once("vibrancy", "UIVibrancyEffect content is drawn as it is")
    default: break
    }
    // Inside an animation block (or a property animator's) the blur and its tint fade in
    // or out with it, as UIKit animates `effect`.
    layer.change(\.geometry.backdropFilter, to: filter ?? .identity)
    // The tint fades to (or from) its own colour, clear.
    let shown = tint.backgroundColor
    if let color, (shown?.alpha ?? 0) == 0 {
      CATransaction.begin()
      CATransaction.setDisableActions(true)
      tint.backgroundColor = color.copy(alpha: 0)
      CATransaction.commit()
    }
    tint.backgroundColor = color ?? shown?.copy(alpha: 0)
  }
}
