import HummingbirdWSClient
import MQTTPackets
import NIOCore

/// One MQTT 3.1.1 client of the Mosquitto peer, over the same WebSocket
/// client as the relay probe (subprotocol `mqtt`, binary frames): either a
/// publisher that sends timed samples to its pair's topic at QoS 1, or a
/// subscriber to that topic at QoS 1 that notes the instant each sample
/// arrives and acknowledges it (PUBACK).
actor MQTTBenchClient {
    /// What the client does on its pair's topic.
    enum Role {
        /// Publishes samples to the topic.
        case publisher
        /// Subscribes to the topic; timed samples go to the recorder.
        case subscriber
    }

    private let link = WebSocketLink(subprotocol: "mqtt")
    private let role: Role
    private let topic: String
    private let recorder: LatencyRecorder
    private let tally: ConnectionTally
    private var reader = MQTTPacketReader()
    private var isReady = false
    private var lastPacketIdentifier: UInt16 = 0

    /// A client in `role` on `topic`, timing samples with `recorder` and
    /// reporting readiness and problems to `tally`.
    init(role: Role, topic: String, recorder: LatencyRecorder, tally: ConnectionTally) {
        self.role = role
        self.topic = topic
        self.recorder = recorder
        self.tally = tally
    }

    /// Connects to the broker at `url` (`ws://`) as `clientIdentifier`, with
    /// a clean session and no keep-alive; a subscriber subscribes at once.
    /// The client is ready at its CONNACK (a publisher) or SUBACK (a subscriber).
    func start(url: String, clientIdentifier: String) {
        link.send(
            MQTTClientPacket.connect(clientIdentifier: clientIdentifier, keepAliveSeconds: 0, cleanSession: true).encoded)
        if case .subscriber = role {
            let subscription = MQTTSubscription(topicFilter: topic, qos: .atLeastOnce)
            link.send(MQTTClientPacket.subscribe(packetIdentifier: nextPacketIdentifier(), subscriptions: [subscription]).encoded)
        }
        Task { [link] in
            let error = await link.run(
                url: url,
                onMessage: { message, arrived in
                    if case .binary(let bytes) = message { await self.received(bytes, at: arrived) }
                })
            self.ended(error)
        }
    }

    /// Publishes sample `index` of the recorder at QoS 1, timing it from
    /// just before the frame goes to the connection.
    func publish(sample index: Int) {
        let message = MQTTPublish(
            topic: topic, delivery: .atLeastOnce(packetIdentifier: nextPacketIdentifier()),
            payload: Array(SampleText.text(for: index).utf8))
        let bytes = MQTTClientPacket.publish(message).encoded
        recorder.start(index)
        link.send(bytes)
    }

    /// Closes the connection normally.
    func close() {
        link.close()
    }

    /// The next packet identifier: 1 to 65,535, then 1 again (0 is not allowed).
    private func nextPacketIdentifier() -> UInt16 {
        lastPacketIdentifier = lastPacketIdentifier == .max ? 1 : lastPacketIdentifier + 1
        return lastPacketIdentifier
    }

    private func received(_ bytes: ByteBuffer, at arrived: ContinuousClock.Instant) {
        reader.append(bytes.readableBytesView)
        do {
            while let packet = try reader.nextPacket() { handle(packet, arrived: arrived) }
        } catch {
            tally.markProtocolProblem()
            link.close()
        }
    }

    private func handle(_ packet: MQTTServerPacket, arrived: ContinuousClock.Instant) {
        switch (role, packet) {
        case (.publisher, .connectAcknowledgement(_, 0)):
            markReady()
        case (.subscriber, .connectAcknowledgement(_, 0)), (.publisher, .publishAcknowledgement):
            break
        case (.subscriber, .subscribeAcknowledgement(_, [.granted(.atLeastOnce)])):
            markReady()
        case (.subscriber, .publish(let message)):
            if let sample = SampleText.sample(in: String(decoding: message.payload, as: UTF8.self)) {
                recorder.finish(sample, at: arrived)
            }
            if case .atLeastOnce(let packetIdentifier) = message.delivery {
                link.send(MQTTClientPacket.publishAcknowledgement(packetIdentifier: packetIdentifier).encoded)
            }
        default:
            tally.markProtocolProblem()
        }
    }

    private func markReady() {
        isReady = true
        tally.markReady()
    }

    private func ended(_ error: (any Error)?) {
        let failure = isReady ? nil : error.map { "\($0)" } ?? "closed before the broker answered"
        tally.markEnded(failure: failure)
    }
}
