import type { ArchiveManifest } from '@family/contract';
import { dateInWords, lifeYearsInWords } from '@family/shared';

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * What index.html shows, inlined into the page: opened from the unzipped folder (file://) a browser may not
 * fetch archive.json, so the page carries its own copy of what it needs (docs/api.md "Takeout").
 */
function pageData(manifest: ArchiveManifest) {
  return {
    exportedBy: manifest.exportedBy.displayName,
    exportedAt: manifest.exportedAt,
    media: manifest.media.map((item) => ({
      id: item.id,
      type: item.type,
      title: item.title,
      date: item.mediaDate,
      path: item.path,
      thumb: item.thumbnailPath,
      motion: item.motion?.path ?? null,
      album: item.albumId,
      by: item.uploader.displayName,
      with: item.tags.map((tag) => tag.displayName),
      text: item.type === 'post' ? (item.content ?? '').slice(0, 400) : null,
    })),
    albums: manifest.albums.map((album) => ({ id: album.id, name: album.name, description: album.description })),
    // Dates in words as the web app writes them (packages/shared/src/genealogy), so the page needs no date grammar.
    people: manifest.people.map((person) => ({
      id: person.id,
      name: person.displayName,
      years: lifeYearsInWords(person.birth?.date ?? null, person.death?.date ?? null, person.death !== null),
      born: person.birth?.date ? dateInWords(person.birth.date) : null,
      died: person.death?.date ? dateInWords(person.death.date) : null,
      picture: person.picturePath,
    })),
    partners: manifest.partnerships.map((tie) => tie.personIds),
    children: manifest.childTies.map((tie) => [tie.parentId, tie.childId]),
  };
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1b20;background:#fafafa}
header{background:#37474f;color:#fff;padding:16px 20px}header h1{margin:0;font-size:1.4rem}header p{margin:4px 0 0;opacity:.85;font-size:.9rem}
nav{display:flex;gap:4px;flex-wrap:wrap;padding:8px 12px;background:#fff;border-bottom:1px solid #ddd;position:sticky;top:0}
nav button{font:inherit;border:0;background:none;padding:10px 14px;border-radius:20px;cursor:pointer;min-height:44px}
nav button[aria-selected=true]{background:#e3f2fd;color:#0d47a1;font-weight:600}
main{padding:12px 16px 40px;max-width:1200px;margin:0 auto}h2{font-size:1.2rem;margin:24px 0 8px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px}
.card{background:#fff;border:1px solid #e0e0e0;border-radius:10px;overflow:hidden;text-decoration:none;color:inherit;display:block}
.card .pic{aspect-ratio:1;background:#eceff1;display:flex;align-items:center;justify-content:center;color:#607d8b;font-size:.8rem;text-transform:uppercase}
.card img{width:100%;height:100%;object-fit:cover;display:block}.card .t{padding:6px 8px;font-size:.85rem;overflow-wrap:anywhere}
.card .d{color:#666;font-size:.75rem}.card a{color:inherit;text-decoration:none;display:block}.card a.m{padding:4px 8px 8px;min-height:44px;font-size:.8rem;color:#0d47a1;text-decoration:underline}.person{display:flex;align-items:center;gap:10px;padding:8px;background:#fff;border:1px solid #e0e0e0;border-radius:10px;cursor:pointer;text-align:left;font:inherit;width:100%}
.person img,.person .ph{width:44px;height:44px;border-radius:50%;object-fit:cover;background:#cfd8dc;flex:none}
.people{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:8px}
.tree{display:grid;gap:12px}.tree h3{margin:8px 0 4px;font-size:1rem;color:#455a64}.centre{border:2px solid #1565c0}.dates{margin:6px 0 0;color:#4a4f55}
select{font:inherit;padding:8px;min-height:44px;max-width:100%}.empty{color:#666}`;

const SCRIPT = `
const D=JSON.parse(document.getElementById('archive-data').textContent);
const main=document.querySelector('main');const byId=new Map(D.people.map(p=>[p.id,p]));
const el=(tag,attrs={},...kids)=>{const e=document.createElement(tag);for(const[k,v]of Object.entries(attrs)){if(v!=null)e.setAttribute(k,v)}for(const k of kids)e.append(k);return e};
// Names may hold # % ? and spaces: each path segment is encoded for the address.
const u=p=>p?p.split('/').map(encodeURIComponent).join('/'):null;
const years=p=>p.years?' ('+p.years+')':'';
const dates=p=>[p.born&&'Born '+p.born,p.died&&'Died '+p.died].filter(Boolean).join(' · ');
function card(m){const pic=el('div',{class:'pic'});if(m.thumb)pic.append(el('img',{src:u(m.thumb),alt:m.title,loading:'lazy'}));else pic.append(m.type);
const a=el('a',{class:'card',href:u(m.path),title:m.title},pic,el('div',{class:'t'},m.title,el('div',{class:'d'},m.date)));
// A Live Photo: the still opens as any photo, its MOV by a link of its own (links cannot hold links).
if(!m.motion)return a;a.removeAttribute('class');return el('div',{class:'card'},a,el('a',{class:'m',href:u(m.motion)},'Live Photo: its motion (MOV)'))}
function grid(items){const g=el('div',{class:'grid'});items.forEach(m=>g.append(card(m)));return items.length?g:el('p',{class:'empty'},'Nothing here.')}
function personButton(p,centre){const img=p.picture?el('img',{src:u(p.picture),alt:''}):el('span',{class:'ph'});
const b=el('button',{class:'person'+(centre?' centre':''),type:'button'},img,el('span',{},p.name+years(p)));b.onclick=()=>show('tree',p.id);return b}
const views={
years(){const by=new Map();[...D.media].sort((a,b)=>b.date.localeCompare(a.date)).forEach(m=>{const y=m.date.slice(0,4);if(!by.has(y))by.set(y,[]);by.get(y).push(m)});
const out=[];for(const[y,items]of by){out.push(el('h2',{},y+' ('+items.length+')'),grid(items))}return out.length?out:[el('p',{class:'empty'},'No media in this export.')]},
albums(){const out=[];for(const a of D.albums){out.push(el('h2',{},a.name));if(a.description)out.push(el('p',{},a.description));out.push(grid(D.media.filter(m=>m.album===a.id)))}
const loose=D.media.filter(m=>m.album==null||!D.albums.some(a=>a.id===m.album));if(loose.length)out.push(el('h2',{},'Not in an album'),grid(loose));return out},
people(){const l=el('div',{class:'people'});[...D.people].sort((a,b)=>a.name.localeCompare(b.name)).forEach(p=>l.append(personButton(p)));return[el('h2',{},'People ('+D.people.length+')'),l]},
tree(id){const root=byId.get(id)||byId.get(D.centre)||D.people[0];if(!root)return[el('p',{class:'empty'},'No people in this export.')];
const ids=(pairs,from,to)=>pairs.filter(p=>p[from]===root.id).map(p=>p[to]);
const parents=ids(D.children,1,0),kids=ids(D.children,0,1),partners=[...ids(D.partners,0,1),...ids(D.partners,1,0)];
// Siblings: everyone else who shares a parent with this person (half siblings too).
const siblings=[...new Set(D.children.filter(c=>parents.includes(c[0])&&c[1]!==root.id).map(c=>c[1]))];
const sel=el('select',{'aria-label':'Person'});[...D.people].sort((a,b)=>a.name.localeCompare(b.name)).forEach(p=>{const o=el('option',{value:p.id},p.name);if(p.id===root.id)o.selected=true;sel.append(o)});sel.onchange=()=>show('tree',Number(sel.value));
const group=(title,list)=>{const g=el('div',{class:'people'});list.map(i=>byId.get(i)).filter(Boolean).forEach(p=>g.append(personButton(p)));return el('section',{'aria-label':title},el('h3',{},title),list.length?g:el('p',{class:'empty'},'None recorded.'))};
return[el('h2',{},'Family tree'),sel,el('div',{class:'tree'},group('Parents',parents),el('section',{'aria-label':'Person'},el('h3',{},'Person'),personButton(root,true),dates(root)?el('p',{class:'dates'},dates(root)):''),group('Siblings',siblings),group('Partners',partners),group('Children',kids))]}};
function show(view,arg){document.querySelectorAll('nav button').forEach(b=>b.setAttribute('aria-selected',String(b.dataset.view===view)));main.replaceChildren(...views[view](arg));}
document.querySelectorAll('nav button').forEach(b=>b.onclick=()=>show(b.dataset.view));show('years');`;

/** index.html: the archive shown without a server, by year, albums, people and a simple tree, with thumbs/. */
export function indexHtml(manifest: ArchiveManifest, centreId: number): string {
  const data = { ...pageData(manifest), centre: centreId };
  const when = manifest.exportedAt.slice(0, 10);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Family archive</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>Family archive</h1><p>Exported by ${escapeHtml(manifest.exportedBy.displayName)} on ${when}: ${manifest.media.length} items, ${manifest.albums.length} albums, ${manifest.people.length} people.</p></header>
<nav role="tablist"><button type="button" role="tab" data-view="years">By year</button><button type="button" role="tab" data-view="albums">Albums</button><button type="button" role="tab" data-view="people">People</button><button type="button" role="tab" data-view="tree">Tree</button></nav>
<main></main>
<script type="application/json" id="archive-data">${scriptJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
