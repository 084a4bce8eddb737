// `import QuartzCore` as on Apple platforms: Core Animation's names (`CALayer`,
// `CABasicAnimation`, `CACurrentMediaTime`, ...) live in the UIKit compatibility module,
// which this re-exports.
@_exported import UIKit
