import path from 'node:path';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import * as tf from '@tensorflow/tfjs';
import * as wasm from '@tensorflow/tfjs-backend-wasm';
import type * as FaceApi from '@vladmandic/face-api';

/** What the detector found: a box in relative coordinates (0..1 of the picture), its quality and descriptor. */
export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number };
  /** The detector's confidence, 0..1. */
  score: number;
  /** The box's width in pixels of the picture the detector saw (at most 1024 px wide). */
  sizePx: number;
  /** 128 numbers; faces of one person lie within about 0.6 of each other (Euclidean). */
  descriptor: number[];
}

/** A picture decoded to 8-bit RGB, row after row. */
export interface RgbPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** SSD MobileNet v1's confidence below which a box is not a face (docs/architecture.md "Faces"). */
const MIN_CONFIDENCE = 0.5;
/**
 * Boxes at least this wide (px) must also be found by the tiny face detector: SSD takes some large animal faces
 * for people's (a cat's face at 0.93), the tiny detector does not, and it finds large human faces reliably.
 */
const CONFIRM_FROM_PX = 150;
const CONFIRM_OVERLAP = 0.3;

/**
 * Finds faces and their descriptors with `@vladmandic/face-api` on TensorFlow.js's WebAssembly backend: the
 * models ship in the package's model/ folder and the wasm binaries in the backend's package, so nothing is
 * fetched at run time. Loaded once per process (about 500 MB with TensorFlow's heap).
 */
@Injectable()
export class FaceDetector implements OnModuleInit {
  private readonly logger = new Logger(FaceDetector.name);
  private loading: Promise<typeof FaceApi> | null = null;

  async onModuleInit(): Promise<void> {
    await this.load();
  }

  async detect(picture: RgbPicture): Promise<DetectedFace[]> {
    const api = await this.load();
    const pixels = new Uint8Array(picture.data.buffer, picture.data.byteOffset, picture.data.length);
    const tensor = tf.tensor3d(pixels, [picture.height, picture.width, 3], 'int32');
    try {
      const found = await api
        .detectAllFaces(tensor as never, new api.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
        .withFaceLandmarks()
        .withFaceDescriptors();
      const large = found.some((face) => face.detection.box.width >= CONFIRM_FROM_PX);
      const confirmations = large
        ? await api.detectAllFaces(
            tensor as never,
            new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.3 }),
          )
        : [];
      return found
        .filter(
          (face) =>
            face.detection.box.width < CONFIRM_FROM_PX ||
            confirmations.some((other) => overlap(other.box, face.detection.box) > CONFIRM_OVERLAP),
        )
        .map((face) => {
          const box = face.detection.box;
          const x = clamp(box.x / picture.width);
          const y = clamp(box.y / picture.height);
          return {
            box: {
              x,
              y,
              width: clamp((box.x + box.width) / picture.width) - x,
              height: clamp((box.y + box.height) / picture.height) - y,
            },
            score: face.detection.score,
            sizePx: Math.round(box.width),
            descriptor: Array.from(face.descriptor),
          };
        });
    } finally {
      tensor.dispose();
    }
  }

  private load(): Promise<typeof FaceApi> {
    this.loading ??= this.loadModels();
    return this.loading;
  }

  private async loadModels(): Promise<typeof FaceApi> {
    const started = Date.now();
    // The node-wasm build leaves TensorFlow to us: the backend's wasm files are read from its own package folder.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;
    wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
    await tf.setBackend('wasm');
    await tf.ready();
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await api.nets.ssdMobilenetv1.loadFromDisk(models);
    await api.nets.tinyFaceDetector.loadFromDisk(models);
    await api.nets.faceLandmark68Net.loadFromDisk(models);
    await api.nets.faceRecognitionNet.loadFromDisk(models);
    this.logger.log(`Face models loaded in ${Date.now() - started} ms`);
    return api;
  }
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

type Rect = { x: number; y: number; width: number; height: number };

/** Intersection over union of two boxes. */
function overlap(a: Rect, b: Rect): number {
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const shared = width * height;
  return shared / (a.width * a.height + b.width * b.height - shared);
}
