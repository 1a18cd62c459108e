/// Star-shaped layers whose shadows follow their SVG shadowPath, so the planner emits blurred shadows.
enum BlurScene {
    /// 12 star layers of 140×140 in a 4 × 3 grid on 800×600, shadow radius (σ) 8…52.
    static let json: String = {
        var layers: [String] = []
        for index in 0..<12 {
            let x = Double(index % 4) * 195 + 20, y = Double(index / 4) * 195 + 20
            let star = StarPath.svg(points: 5 + index, radius: 70, center: 70)
            layers.append("""
            {"frame": [\(x), \(y), 140, 140], "shadowOpacity": 0.8, "shadowOffset": [6, 6],
             "shadowRadius": \(8 + 4 * index), "shadowPath": {"svg": "\(star)"}}
            """)
        }
        return """
        {"width": 800, "height": 600, "background": "#ffffff",
         "root": {"frame": [0, 0, 800, 600], "sublayers": [\(layers.joined(separator: ",\n"))]}}
        """
    }()
}
