import { APP_CONFIG_DATA_ID, readFirstLoadData } from './first-load-data';

function pageWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = html;
  return doc;
}

describe('data the app server inlined in the page', () => {
  it('reads the JSON of its data element, escaped markup included', () => {
    const doc = pageWith(
      `<script type="application/json" id="${APP_CONFIG_DATA_ID}">{"bankName":"\\u003c/script\\u003e Bank"}</script>`,
    );
    expect(readFirstLoadData(APP_CONFIG_DATA_ID, doc)).toEqual({ bankName: '</script> Bank' });
  });

  it('is absent without the element, for an empty one and for broken JSON', () => {
    expect(readFirstLoadData(APP_CONFIG_DATA_ID, pageWith(''))).toBeUndefined();
    expect(
      readFirstLoadData(APP_CONFIG_DATA_ID, pageWith(`<meta id="${APP_CONFIG_DATA_ID}">`)),
    ).toBeUndefined();
    expect(
      readFirstLoadData(
        APP_CONFIG_DATA_ID,
        pageWith(`<script type="application/json" id="${APP_CONFIG_DATA_ID}">{"a":</script>`),
      ),
    ).toBeUndefined();
  });
});
