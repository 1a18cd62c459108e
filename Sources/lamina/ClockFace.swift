import Foundation
import Lamina
import LaminaExamples

/// The scene of Listing 4.6: six views showing HH MM SS, each a digit of the sprite sheet selected by
/// `contentsRect = [digit × 0.1, 0, 0.1, 1]`, magnified with the chosen filter.
struct ClockFace {
    let filter: ScalingFilter
    let scale: Double
    static let sheet = Image(bitmap: ExampleAssets.make(named: "digits.png")!, source: "digits.png")

    func scene(seconds: Int) -> Scene {
        let digits = ClockFace.digits(seconds)
        var root = Layer(name: "containerView")
        root.setFrame(Rect(0, 0, 524, 160))
        let xs: [Double] = [24, 92, 196, 264, 368, 436]
        root.sublayers = zip(xs, digits).enumerated().map { i, pair in
            var view = Layer(name: "digitView\(i)")
            view.setFrame(Rect(pair.0, 40, 64, 80))
            view.contents = ClockFace.sheet
            view.contentsRect = Rect(Double(pair.1) * 0.1, 0, 0.1, 1)
            view.contentsGravity = .resizeAspect
            view.magnificationFilter = filter
            return view
        }
        return Scene(width: 524, height: 160, scale: scale, background: Color(white: 2.0 / 3.0), root: root)
    }

    static func digits(_ seconds: Int) -> [Int] {
        let s = ((seconds % 86_400) + 86_400) % 86_400
        let h = s / 3600, m = s / 60 % 60, sec = s % 60
        return [h / 10, h % 10, m / 10, m % 10, sec / 10, sec % 10]
    }

    static func text(_ seconds: Int) -> String {
        let d = digits(seconds)
        return "\(d[0])\(d[1]):\(d[2])\(d[3]):\(d[4])\(d[5])"
    }

    static func seconds(from hhmmss: String) -> Int? {
        let parts = hhmmss.split(separator: ":").map { Int($0) }
        guard parts.count == 3, let h = parts[0], let m = parts[1], let s = parts[2],
              (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s) else { return nil }
        return h * 3600 + m * 60 + s
    }

    static func secondsNow() -> Int {
        var t = time(nil)
        var parts = tm()
        localtime_r(&t, &parts)
        return Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
    }
}
