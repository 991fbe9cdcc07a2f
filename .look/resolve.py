import re,sys
p,mode=sys.argv[1],sys.argv[2]
s=open(p).read()
pat=re.compile(r"<<<<<<< [^\n]*\n(.*?)=======\n(.*?)>>>>>>> [^\n]*\n",re.S)
s=pat.sub(lambda m:{'both':m.group(1)+m.group(2),'ours':m.group(1),'theirs':m.group(2)}[mode],s)
open(p,'w').write(s)
