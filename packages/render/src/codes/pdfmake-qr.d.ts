// pdfmake's QR encoder (CommonJS, no typings), the one its `qr` nodes use.
declare module 'pdfmake/js/qrEnc.js' {
  interface QrNode {
    qr: string;
    eccLevel?: string;
    _width?: number;
    _canvas?: Array<{ x: number; y: number; w: number; h: number }>;
  }
  interface QrEncoder {
    measure(node: QrNode): QrNode;
  }
  const encoder: QrEncoder | { default: QrEncoder };
  export default encoder;
}
