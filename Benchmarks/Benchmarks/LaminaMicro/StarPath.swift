import Foundation

/// SVG path data of a star with `points` tips (alternating outer and inner radius).
enum StarPath {
    static func svg(points: Int, radius: Double, center: Double) -> String {
        var commands: [String] = []
        for k in 0..<(2 * points) {
            let r = k % 2 == 0 ? radius : radius * 0.45
            let angle = Double(k) * Double.pi / Double(points)
            let x = center + r * sin(angle), y = center - r * cos(angle)
            commands.append((k == 0 ? "M" : "L") + String(format: "%.2f %.2f", x, y))
        }
        return commands.joined(separator: " ") + " Z"
    }
}
