import Foundation
import Lamina

/// A deterministic scene like `../shared/bench/cards-N.json`, without the image file: N cards of 120×80
/// with a drop shadow, rounded corners, a border and a clipped inner layer, every tenth at opacity ½ (a
/// group offscreen), scattered over 1920×1080.
enum CardsScene {
    static func json(cards: Int) -> String {
        var generator = SplitMix64(seed: 7)
        var layers: [String] = []
        layers.reserveCapacity(cards)
        for index in 0..<cards {
            let x = Double(generator.next() % 1800), y = Double(generator.next() % 1000)
            let color = String(format: "#%06x", Int(generator.next() % 0xFFFFFF))
            let opacity = index % 10 == 0 ? #", "opacity": 0.5"# : ""
            layers.append("""
            {"frame": [\(x), \(y), 120, 80], "shadowOpacity": 0.5, "shadowOffset": [0, 4], "shadowRadius": 6\(opacity),
             "sublayers": [{"frame": [0, 0, 120, 80], "backgroundColor": "\(color)", "cornerRadius": 12,
               "borderWidth": 2, "borderColor": "#293a72", "masksToBounds": true,
               "sublayers": [{"frame": [80, 40, 48, 48], "backgroundColor": "#ffffff80"}]}]}
            """)
        }
        return """
        {"width": 1920, "height": 1080, "background": "#ffffff",
         "root": {"frame": [0, 0, 1920, 1080], "sublayers": [\(layers.joined(separator: ",\n"))]}}
        """
    }
}
